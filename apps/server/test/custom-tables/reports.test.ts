// A manual_ads_performance custom table reaches the -maya report's model under its own channel
// (spend, clicks and conversions exact, in the file's currency or the organization's), and
// every custom table is a table of the custom_tables semantic model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_SCHEMA } from '@maya/analytics';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { customTablesApi, owner, type CustomTablesApi } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: CustomTablesApi;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'custom-tables-reports@example.com');
  api = customTablesApi(t, admin, admin.organizationId);
});
afterAll(() => t.close());

const performance = () =>
  t.app.modelling.withWarehouse(admin.organizationId, async (warehouse) => {
    const result = await warehouse.query(
      `SELECT date, source_service, channel, account_id, campaign_id, campaign_name, currency, cost_micros,
         cost_minor, clicks, impressions, conversions
       FROM ${MODEL_SCHEMA}.marketing_performance WHERE source_service = 'manual_ads_performance' ORDER BY date, campaign_id`,
      [],
      { timeoutMs: 10_000 },
    );
    return result.rows;
  });

describe('manual ads performance in -maya', () => {
  it('adds the file’s spend, clicks and conversions under the Manual Ads channel', async () => {
    const csv =
      'date,account_id,campaign_id,campaign_name,spend,clicks,conversions\n' +
      '2024-05-01,offline,tv-1,TV spring,1200.10,0,3\n' +
      '2024-05-01,offline,radio,Radio,0.015,0,0.5\n' +
      '2024-05-02,offline,tv-1,TV spring,99.99,12,1\n';
    const answer = await api.upload('manual_ads_performance', csv);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.table.columns.find((c: { alias: string }) => c.alias === 'spend')).toMatchObject({
      type: 'Numeric',
    });
    const rows = await performance();
    expect(rows).toEqual([
      expect.objectContaining({
        date: '2024-05-01',
        campaign_id: 'radio',
        channel: 'Manual Ads',
        cost_micros: 15_000,
        cost_minor: 2,
        conversions: 0.5,
      }),
      expect.objectContaining({
        date: '2024-05-01',
        campaign_id: 'tv-1',
        campaign_name: 'TV spring',
        cost_micros: 1_200_100_000,
        cost_minor: 120_010,
        clicks: 0,
        conversions: 3,
      }),
      expect.objectContaining({
        date: '2024-05-02',
        campaign_id: 'tv-1',
        cost_micros: 99_990_000,
        clicks: 12,
        conversions: 1,
      }),
    ]);
    // No currency column: the organization's currency.
    expect(new Set(rows.map((row) => row.currency)).size).toBe(1);
    expect(rows[0]!.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('takes the file’s own currency column when it has one, and leaves -maya when deleted', async () => {
    expect((await api.remove('manual_ads_performance')).status).toBe(200);
    expect(await performance()).toEqual([]);
    const answer = await api.upload(
      'manual_ads_performance',
      'date,account_id,campaign_id,spend,currency\n2024-05-03,a,c,5,JPY\n',
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await performance()).toEqual([
      expect.objectContaining({ date: '2024-05-03', currency: 'JPY', cost_micros: 5_000_000, cost_minor: 5 }),
    ]);
  });

  it('answers the custom tables semantic model for reports and the AI Builder', async () => {
    const model = await t.app.modelling.semanticModel(admin.organizationId, 'custom_tables');
    const table = model?.tables.find((tb) => tb.name === 'manual_ads_performance');
    expect(table?.timeDimension).toBe('date');
    expect(table?.measures.map((m) => m.name)).toEqual(expect.arrayContaining(['rows', 'spend']));
  });
});
