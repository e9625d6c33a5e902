import { beforeAll, expect, it } from 'vitest';
import { MODEL_SCHEMA } from '../models/build';
import { MARKETING_PERFORMANCE } from '../models/marketing-performance';
import { packSql, packValue, unpackSql } from '../models/packed-key';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { compileReportQuery, type ReportQuery } from './compile-query';
import { NOW, onFixtureEngines } from '../../test/fixture-engines';
import { modelRow, performanceQuery, type Fixture } from '../../test/report-fixture';

/**
 * Grouping by channel and campaign through the packed column (decision 144) answers exactly
 * what grouping by the two columns answers, on each engine.
 */

const march = { from: '2024-03-01', to: '2024-03-31' };
const extra = (campaign: string, channel: string, service: string, name: string | null): Fixture => ({
  date: '2024-03-05',
  service,
  channel,
  campaign,
  name,
  cost: 7,
  impressions: 70,
  clicks: 7,
  conversions: 1,
  value: 9,
});

onFixtureEngines('grouping by a packed column', (warehouse) => {
  beforeAll(async () => {
    await warehouse().loadBatch(MODEL_SCHEMA, MARKETING_PERFORMANCE.name, [
      [
        // The name of a Google Ads campaign, in another channel: two rows, not one.
        extra('b2', 'Microsoft Ads', 'microsoft_ads', 'Brand Search'),
        extra('c8', 'Google Ads', 'google_ads', 'Brand Search'),
        extra('c9', 'Google Ads', 'google_ads', 'Sommer ☀ Köln \u001f Teil 2'),
        extra('c10', 'Google Ads', 'google_ads', ''),
      ].map(modelRow),
    ]);
  });

  const run = async (query: Partial<ReportQuery>, columns: ReadonlySet<string> | null) => {
    const engine = warehouse().engine;
    const compiled = compileReportQuery(MARKETING_SEMANTIC_MODEL, performanceQuery(query), engine, {
      now: NOW,
      columns,
    });
    const { rows } = await warehouse().query(compiled.sql, compiled.params, { timeoutMs: 30_000 });
    return { sql: compiled.sql, rows };
  };
  const packed = new Set(['channel_campaign']);

  it('answers what grouping by both columns answers: NULL and empty names, the separator, any order', async () => {
    const queries: Partial<ReportQuery>[] = [
      { measures: ['spend', 'clicks'], sort: [{ field: 'spend', direction: 'desc' }] },
      { measures: ['spend'], sort: [{ field: 'campaign', direction: 'asc' }] },
      { measures: [], sort: [{ field: 'channel', direction: 'desc' }] },
    ];
    for (const base of queries) {
      for (const dimensions of [
        [
          { name: 'channel', grain: null },
          { name: 'campaign', grain: null },
        ],
        [
          { name: 'campaign', grain: null },
          { name: 'channel', grain: null },
        ],
      ]) {
        const query = { ...base, dimensions, dateRange: march };
        const plain = await run(query, null);
        const byPacked = await run(query, packed);
        expect(plain.sql).not.toContain('"channel_campaign"');
        expect(byPacked.sql).toContain('GROUP BY "channel_campaign"');
        expect(byPacked.rows).toEqual(plain.rows);
      }
    }
    const { rows } = await run(
      {
        measures: ['spend'],
        dimensions: [
          { name: 'campaign', grain: null },
          { name: 'channel', grain: null },
        ],
        dateRange: march,
      },
      packed,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { campaign: 'Brand Search', channel: 'Google Ads', spend: 7 },
        { campaign: 'Brand Search', channel: 'Microsoft Ads', spend: 7 },
        { campaign: '', channel: 'Google Ads', spend: 7 },
        { campaign: 'Sommer ☀ Köln \u001f Teil 2', channel: 'Google Ads', spend: 7 },
        { campaign: null, channel: 'Microsoft Ads', spend: 0 },
      ]),
    );
  });

  it('groups by the two columns when the table lacks the packed one, or more is grouped', async () => {
    const dimensions = [
      { name: 'channel', grain: null },
      { name: 'campaign', grain: null },
    ];
    const older = await run({ measures: ['spend'], dimensions, dateRange: march }, new Set(['channel']));
    expect(older.sql).toContain('GROUP BY "channel", "campaign_name"');
    const three = await run(
      {
        measures: ['spend'],
        dimensions: [...dimensions, { name: 'campaign_type', grain: null }],
        dateRange: march,
      },
      packed,
    );
    expect(three.sql).not.toContain('"channel_campaign"');
  });

  it('reads back every pair it packs, as the fixtures pack them', async () => {
    const pairs: [string | null, string | null][] = [
      ['Google Ads', 'Brand'],
      ['Google Ads', null],
      [null, 'Brand'],
      [null, null],
      ['', ''],
      ['Meta Ads', 'a\u001fb\u001f'],
      ['Apple Ads', '東京 · café'],
    ];
    const engine = warehouse().engine;
    const text = (i: number) => `CAST($${String(i)} AS ${engine === 'postgres' ? 'text' : 'VARCHAR'})`;
    for (const [first, second] of pairs) {
      const sql = `SELECT k, ${unpackSql(engine, 'k', 0)} AS a, ${unpackSql(engine, 'k', 1)} AS b
        FROM (SELECT ${packSql(text(1), text(2))} AS k) AS t`;
      const { rows } = await warehouse().query(sql, [first, second], { timeoutMs: 30_000 });
      expect(rows).toEqual([{ k: packValue(first, second), a: first, b: second }]);
    }
  });
});
