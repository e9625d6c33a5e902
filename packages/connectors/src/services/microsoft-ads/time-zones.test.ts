import { describe, expect, it } from 'vitest';
import { MICROSOFT_TIME_ZONE_VALUES, microsoftTimeZone } from './time-zones';
import { CUSTOMERS } from './sandbox-data';

describe("Microsoft Advertising's time zones", () => {
  it('maps every value of the TimeZoneType set to a zone the runtime knows', () => {
    expect(MICROSOFT_TIME_ZONE_VALUES).toHaveLength(75);
    const unknown = MICROSOFT_TIME_ZONE_VALUES.filter((value) => microsoftTimeZone(value) === null);
    expect(unknown).toEqual([]);
  });

  it('maps as Microsoft documents, and an unknown or missing value to none', () => {
    expect(microsoftTimeZone('EasternTimeUSCanada')).toBe('America/New_York');
    expect(microsoftTimeZone('PacificTimeUSCanadaTijuana')).toBe('America/Los_Angeles');
    expect(microsoftTimeZone('AmsterdamBerlinBernRomeStockholmVienna')).toBe('Europe/Berlin');
    expect(microsoftTimeZone('GreenwichMeanTimeDublinEdinburghLisbonLondon')).toBe('Europe/London');
    expect(microsoftTimeZone('NotAZone')).toBeNull();
    expect(microsoftTimeZone(null)).toBeNull();
    expect(microsoftTimeZone('')).toBeNull();
  });

  it("covers every zone the sandbox's accounts use", () => {
    const zones = CUSTOMERS.flatMap((c) => c.accounts.map((a) => a.timeZone));
    expect(zones.filter((zone) => microsoftTimeZone(zone) === null)).toEqual([]);
  });
});
