import type { ServiceAccount } from '@maya/contracts';
import { MARKETING_SEMANTIC_MODEL, MAYA_REPORT, SEARCH_SEMANTIC_MODEL, SEO_REPORT } from '@maya/analytics';
import { describe, expect, it } from 'vitest';
import { documentTables, servicesFeeding, sourceWarnings } from './warnings';

const account = (over: Partial<ServiceAccount>): ServiceAccount => ({
  uuid: '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01',
  identifier: '123',
  name: 'Shoes EU',
  id_label: 'Customer ID',
  service: 'google_ads',
  service_uuid: '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01',
  sync_status: 'finished',
  sync_error: null,
  connected_at: '2030-01-01T00:00:00.000Z',
  last_synced_at: '2030-01-01T00:00:00.000Z',
  needs_reconnect: false,
  backfill_percent: null,
  time_zone: null,
  organization_id: '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02',
  ...over,
});

describe('which services feed a table', () => {
  it('follows each source to its service, through the models a model derives from', () => {
    expect([...servicesFeeding('marketing_performance')].sort()).toEqual([
      'apple_ads',
      'facebook_ads',
      'google_ads',
      // A manual_ads_performance custom table is a source of the same model (issue 26).
      'manual_ads_performance',
      'microsoft_ads',
    ]);
    expect([...servicesFeeding('search_console_queries')]).toEqual(['google_search_console']);
    expect([...servicesFeeding('landing_pages')]).toContain('google_search_console');
    expect(servicesFeeding('no_such_model').size).toBe(0);
  });

  it("lists the document's tables once, in order", () => {
    expect(documentTables(MAYA_REPORT)).toEqual(['performance', 'costs']);
    expect(documentTables(SEO_REPORT).length).toBeGreaterThan(0);
  });
});

describe('source warnings', () => {
  it('names the failed and the revoked accounts feeding the report, not the healthy or unrelated ones', () => {
    const accounts = [
      account({ name: 'Healthy' }),
      account({ name: 'Broken', sync_status: 'failed', sync_error: 'Customer not enabled' }),
      account({ name: 'Revoked', sync_status: 'failed', needs_reconnect: true }),
      account({ name: 'Pending', sync_status: 'pending' }),
      account({ name: 'Site', service: 'google_search_console', sync_status: 'failed' }),
    ];
    // The ad platforms feed both the performance table and the marketing costs beside expenses.
    const forTable = (table: string) => [
      {
        table,
        service_id: 'google_ads',
        account_name: 'Broken',
        status: 'failed',
        message:
          'The last data load of Google Ads account Broken failed (Customer not enabled); this report may be missing its latest data.',
      },
      {
        table,
        service_id: 'google_ads',
        account_name: 'Revoked',
        status: 'reconnect',
        message:
          'Google Ads account Revoked needs to be reconnected on the Sources page; this report may be missing its latest data.',
      },
    ];
    expect(sourceWarnings(MARKETING_SEMANTIC_MODEL, MAYA_REPORT, accounts)).toEqual([
      ...forTable('performance'),
      ...forTable('costs'),
    ]);
    const seo = sourceWarnings(SEARCH_SEMANTIC_MODEL, SEO_REPORT, accounts);
    expect(seo.map((w) => w.account_name)).toEqual(seo.map(() => 'Site'));
    expect(seo.length).toBeGreaterThan(0);
    expect(sourceWarnings(MARKETING_SEMANTIC_MODEL, MAYA_REPORT, [account({})])).toEqual([]);
  });
});
