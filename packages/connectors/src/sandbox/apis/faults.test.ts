import { describe, expect, it } from 'vitest';
import { ApiFaults } from './faults';

describe('sandbox API faults', () => {
  it('answers the matching requests it was armed for, after letting `skip` of them pass', () => {
    const faults = new ApiFaults();
    faults.add({ kind: 'server_error' }, { path: '/customers/42', times: 2, skip: 1 });
    expect(faults.take('/v26/customers/7/googleAds:search')).toBeNull(); // another account
    expect(faults.take('/v26/customers/42/googleAds:search')).toBeNull(); // skipped
    expect(faults.take('/v26/customers/42/googleAds:search')).toEqual({ kind: 'server_error' });
    expect(faults.size).toBe(1);
    expect(faults.take('/v26/customers/42/googleAds:search')).toEqual({ kind: 'server_error' });
    expect(faults.size).toBe(0);
    expect(faults.take('/v26/customers/42/googleAds:search')).toBeNull();
  });

  it('keeps a fault armed with times -1 until cleared', () => {
    const faults = new ApiFaults();
    faults.add({ kind: 'revoked' }, { times: -1 });
    for (let i = 0; i < 3; i++) expect(faults.take('/any')).toEqual({ kind: 'revoked' });
    faults.clear();
    expect(faults.take('/any')).toBeNull();
  });
});
