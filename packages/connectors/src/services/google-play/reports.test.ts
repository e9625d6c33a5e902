import { describe, expect, it } from 'vitest';
import { installsRow, normalizeHeader, parseInstallsObject } from './reports';

describe('installs reports', () => {
  it('names report objects and maps columns by header, whatever the case', () => {
    expect(parseInstallsObject('stats/installs/installs_com.acme_beta_202501_overview.csv')).toEqual({
      name: 'stats/installs/installs_com.acme_beta_202501_overview.csv',
      packageName: 'com.acme_beta',
      month: '202501',
      dimension: 'overview',
    });
    expect(parseInstallsObject('stats/ratings/ratings_com.acme_202501_overview.csv')).toBeNull();
    const headers = [
      'Date',
      'Package name',
      'Daily User Installs',
      'Active Device Installs',
      'Something New',
    ].map(normalizeHeader);
    expect(installsRow(headers, ['2025-01-02', 'com.acme', '12', '', '9'], 'overview')).toMatchObject({
      date: '2025-01-02',
      package_name: 'com.acme',
      daily_user_installs: 12,
      active_device_installs: null,
      daily_device_installs: null,
    });
    expect(installsRow(headers, ['Total', 'com.acme', '12', '', ''], 'overview')).toBeNull();
  });
});
