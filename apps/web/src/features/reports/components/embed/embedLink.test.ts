import { encodeReportState, localDay } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { defaultReportState, withFilter } from '../../model/state';
import { testDocument } from '../../testFixtures';
import { embedLinkSchema, embedViewSummary, expiresAtOf } from './embedLink';

const NOW = new Date(2026, 10, 28, 10, 30);

describe('embed link', () => {
  it('expires never, whole days from now, or at the end of the chosen day', () => {
    const values = { expiry: 'never' as const, date: '', allowFiltering: false };
    expect(expiresAtOf(values, NOW)).toBeNull();
    expect(expiresAtOf({ ...values, expiry: '30' }, NOW)).toBe(new Date(2026, 11, 28, 10, 30).toISOString());
    expect(expiresAtOf({ ...values, expiry: 'date', date: '2026-12-01' }, NOW)).toBe(
      new Date(2026, 11, 1, 23, 59).toISOString(),
    );
  });

  it('asks a date from today on when expiring on a date', () => {
    const schema = embedLinkSchema(localDay(NOW));
    const base = { expiry: 'date' as const, allowFiltering: false };
    expect(schema.safeParse({ ...base, date: '2026-11-28' }).success).toBe(true);
    expect(schema.safeParse({ ...base, date: '2026-11-27' }).success).toBe(false);
    expect(schema.safeParse({ ...base, date: '' }).success).toBe(false);
    expect(schema.safeParse({ ...base, expiry: 'never', date: '' }).success).toBe(true);
  });

  it('sums up a view by its page and the filters that hold in it', () => {
    expect(embedViewSummary(testDocument, null)).toBe('The report as saved · Date: In the last 30 days');
    const channel = {
      id: 'channel',
      kind: 'list' as const,
      table: 'performance',
      column: 'channel',
      mode: 'exclude' as const,
      values: ['Search'],
    };
    const state = encodeReportState(withFilter(defaultReportState(testDocument, true), channel));
    expect(embedViewSummary(testDocument, state)).toBe(
      'Overview · Date: In the last 30 days · Channel: Not Search',
    );
    // Without the document, the state's own filters, a hidden page's among them.
    expect(embedViewSummary(null, state)).toBe(
      'overview · Date: In the last 30 days · Channel: Not Search · Campaign: Contains "brand"',
    );
  });
});
