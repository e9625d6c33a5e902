import type { ReportFilter, ReportQueryResponse, Visual } from '@maya/contracts';
import { expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { compileReportQuery, type ReportQuery } from './compile-query';
import { runFilterValues } from './filter-values';
import { FIXTURE, MARCH, THIS_MONTH, inRange, performanceQuery, sum } from '../../test/report-fixture';
import { NOW, layout, onFixtureEngines, recordingWarehouse, visualInput } from '../../test/fixture-engines';
import { runVisualQuery } from './run-visual';

/**
 * Compiled report queries run on real engines against the canonical marketing_performance table,
 * the numbers checked against sums computed from the fixture rows.
 */

const kpi: Visual = {
  id: 'k',
  kind: 'kpi',
  title: null,
  table: 'performance',
  layout,
  measure: 'spend',
  comparison: 'previous_period',
};

/** A table visual of `limit` rows a page, largest spend first, with totals. */
const tableOf = (dimensions: string[], measures: string[], limit = 2): Visual => ({
  id: 't',
  kind: 'table',
  title: null,
  table: 'performance',
  layout,
  dimensions: dimensions.map((name) => ({ name, grain: null })),
  measures,
  sort: [{ field: 'spend', direction: 'desc' }],
  limit,
  totals: true,
});

onFixtureEngines('report queries', (warehouse) => {
  const input = visualInput;
  const run = async (query: Partial<ReportQuery>) => {
    const compiled = compileReportQuery(
      MARKETING_SEMANTIC_MODEL,
      performanceQuery(query),
      warehouse().engine,
      {
        now: NOW,
      },
    );
    return (await warehouse().query(compiled.sql, compiled.params, { timeoutMs: 30_000 })).rows;
  };
  const byChannel = (channel: string) => MARCH.filter((f) => f.channel === channel);

  it('sums and divides by channel, NULL where the denominator is 0', async () => {
    const rows = await run({
      measures: ['spend', 'impressions', 'clicks', 'ctr', 'cpc', 'conversions', 'cpa', 'roas'],
      dimensions: [{ name: 'channel', grain: null }],
      dateRange: { from: '2024-03-01', to: '2024-03-31' },
      sort: [{ field: 'spend', direction: 'desc' }],
    });
    expect(rows.map((r) => r.channel)).toEqual(['Meta Ads', 'Google Ads', 'Microsoft Ads']);
    const [meta, google, microsoft] = rows;
    const g = byChannel('Google Ads');
    expect(google).toMatchObject({
      spend: sum(g, 'cost'),
      impressions: sum(g, 'impressions'),
      clicks: sum(g, 'clicks'),
    });
    expect(google?.ctr).toBeCloseTo(sum(g, 'clicks') / sum(g, 'impressions'), 12);
    expect(google?.cpc).toBeCloseTo(sum(g, 'cost') / sum(g, 'clicks'), 12);
    expect(google?.cpa).toBeCloseTo(sum(g, 'cost') / sum(g, 'conversions'), 12);
    expect(google?.roas).toBeCloseTo(sum(g, 'value') / sum(g, 'cost'), 12);
    expect(meta).toMatchObject({ spend: 93, conversions: 0, cpa: null, roas: 0 });
    expect(microsoft).toMatchObject({ spend: 0, ctr: null, cpc: null, cpa: null, roas: null });
  });

  it('groups by month and filters by text, list and relative date', async () => {
    const months = await run({
      measures: ['spend'],
      dimensions: [{ name: 'date', grain: 'month' }],
      dateRange: { from: '2024-01-01', to: '2024-12-31' },
    });
    expect(months).toEqual([
      { date: '2024-02-01', spend: 29 },
      { date: '2024-03-01', spend: 31 * 5 },
    ]);
    const text = (operator: string, value: string | null): ReportFilter =>
      ({
        id: 't',
        kind: 'advanced_text',
        table: 'performance',
        column: 'campaign',
        operator,
        value,
      }) as ReportFilter;
    const spendWith = async (...filters: ReportFilter[]) =>
      (await run({ measures: ['spend'], filters }))[0]?.spend;
    expect(await spendWith(THIS_MONTH)).toBe(sum(MARCH, 'cost'));
    expect(await spendWith(THIS_MONTH, text('contains', "PROSPECTING 'eu"))).toBe(93);
    expect(await spendWith(THIS_MONTH, text('starts_with', 'generic'))).toBe(62);
    // "does not contain" and "is not" keep the campaign without a name.
    expect(await spendWith(THIS_MONTH, text('does_not_contain', 'search'))).toBe(93);
    expect(
      (await run({ measures: ['clicks'], filters: [THIS_MONTH, text('is_not', 'generic search')] }))[0]
        ?.clicks,
    ).toBe(sum(byChannel('Meta Ads'), 'clicks'));
    expect(await spendWith(THIS_MONTH, text('is_blank', null))).toBe(0);
    const exclude: ReportFilter = {
      id: 'l',
      kind: 'list',
      table: 'performance',
      column: 'campaign',
      mode: 'exclude',
      values: ['Brand Search'],
    };
    expect((await run({ measures: ['impressions'], filters: [exclude] }))[0]?.impressions).toBe(
      sum(
        FIXTURE.filter((f) => f.name !== 'Brand Search'),
        'impressions',
      ),
    );
    const blanks: ReportFilter = { ...exclude, mode: 'include', values: [null] };
    expect(
      await run({ measures: ['spend'], filters: [blanks], dimensions: [{ name: 'channel', grain: null }] }),
    ).toEqual([{ channel: 'Microsoft Ads', spend: 0 }]);
    // A value built to break out of a literal is only a value: nothing matches it.
    const attack: ReportFilter = { ...exclude, mode: 'include', values: ["x' OR '1'='1", '") OR TRUE --'] };
    expect(await run({ measures: ['spend'], filters: [attack] })).toEqual([{ spend: null }]);
  });

  it('compares a KPI with the previous period, and says when a source starts inside it', async () => {
    const { recording, sent } = recordingWarehouse(warehouse());
    const answer = await runVisualQuery(
      recording,
      MARKETING_SEMANTIC_MODEL,
      kpi,
      input({ dateRange: { from: '2024-03-01', to: '2024-03-31' } }),
    );
    expect(answer.rows).toEqual([{ spend: sum(MARCH, 'cost') }]);
    // March against February; Meta and Microsoft Ads have data from 1 March only.
    expect(answer.comparison).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
      rows: [{ spend: sum(inRange('2024-02-01', '2024-02-29'), 'cost') }],
      current: { from: '2024-03-01', to: '2024-03-31' },
      data_from: '2024-03-01',
    });
    expect(answer.data_through).toBe('2024-03-31');
    expect(answer.columns).toEqual([
      { name: 'spend', label: 'Spend', role: 'measure', type: 'number', format: 'currency', grain: null },
    ]);
    // The freshness and each period aggregate to one row, the coverage's sources in the period
    // and their first days group by source: no LIMIT for the engine to plan.
    expect(sent).toHaveLength(5);
    for (const sql of sent) expect(sql).not.toMatch(/LIMIT/);
  });

  it('keeps the days of a closed period set by two date conditions, both ends included', async () => {
    // March 2024 as the AI Builder sets it: after the last day of February, before 1 April.
    const march: ReportFilter = {
      id: 'date',
      kind: 'advanced_date',
      table: 'performance',
      column: 'date',
      operator: 'is_after',
      value: '2024-02-29T12:00',
      and: { operator: 'is_before', value: '2024-04-01T12:00' },
    };
    const days = await run({
      measures: ['spend'],
      dimensions: [{ name: 'date', grain: 'day' }],
      filters: [march],
    });
    expect(days).toHaveLength(31);
    expect([days[0]?.date, days.at(-1)?.date]).toEqual(['2024-03-01', '2024-03-31']);
    expect((await run({ measures: ['spend'], filters: [march] }))[0]?.spend).toBe(sum(MARCH, 'cost'));

    // A KPI over it compares with February.
    const answer = await runVisualQuery(
      warehouse(),
      MARKETING_SEMANTIC_MODEL,
      kpi,
      input({ filters: [march] }),
    );
    expect(answer.rows).toEqual([{ spend: sum(MARCH, 'cost') }]);
    expect(answer.comparison).toMatchObject({
      from: '2024-02-01',
      to: '2024-02-29',
      rows: [{ spend: sum(inRange('2024-02-01', '2024-02-29'), 'cost') }],
    });
  });

  it('answers tables with totals and a row limit', async () => {
    const table = tableOf(['campaign'], ['spend', 'ctr']);
    const answer: ReportQueryResponse = await runVisualQuery(
      warehouse(),
      MARKETING_SEMANTIC_MODEL,
      table,
      input(),
    );
    expect(answer.truncated).toBe(true);
    expect(answer.rows.map((r) => [r.campaign, r.spend])).toEqual([
      ['Brand Search', 2_100],
      ["Prospecting 'EU'", 93],
    ]);
    expect(answer.totals?.grand.spend).toBe(sum(FIXTURE, 'cost'));
    expect(answer.totals?.grand.ctr).toBeCloseTo(sum(FIXTURE, 'clicks') / sum(FIXTURE, 'impressions'), 12);
    const matrix: Visual = {
      id: 'm',
      kind: 'matrix',
      title: null,
      table: 'performance',
      layout,
      rows: [{ name: 'channel', grain: null }],
      columns: [{ name: 'date', grain: 'year' }],
      measures: ['clicks'],
      sort: [],
      limit: null,
      totals: true,
    };
    const pivot = await runVisualQuery(
      warehouse(),
      MARKETING_SEMANTIC_MODEL,
      matrix,
      input({ dateRange: { from: '2023-01-01', to: '2024-12-31' } }),
    );
    const clicksIn = (from: string, to: string, channel?: string) =>
      sum(
        inRange(from, to).filter((f) => channel === undefined || f.channel === channel),
        'clicks',
      );
    expect(pivot.totals?.columns).toEqual([
      { date: '2023-01-01', clicks: clicksIn('2023-01-01', '2023-12-31') },
      { date: '2024-01-01', clicks: clicksIn('2024-01-01', '2024-12-31') },
    ]);
    expect(pivot.totals?.rows).toEqual([
      { channel: 'Google Ads', clicks: clicksIn('2023-01-01', '2024-12-31', 'Google Ads') },
      { channel: 'Meta Ads', clicks: clicksIn('2023-01-01', '2024-12-31', 'Meta Ads') },
      { channel: 'Microsoft Ads', clicks: 0 },
    ]);
    expect(pivot.totals?.grand).toEqual({ clicks: clicksIn('2023-01-01', '2024-12-31') });
  });

  it('turns the pages of a table: each row once, in order, the same totals on every page', async () => {
    const table = tableOf(['channel', 'campaign'], ['spend', 'clicks']);
    const page = (offset: number) =>
      runVisualQuery(warehouse(), MARKETING_SEMANTIC_MODEL, table, input({ offset }));
    const whole = await runVisualQuery(
      warehouse(),
      MARKETING_SEMANTIC_MODEL,
      tableOf(['channel', 'campaign'], ['spend', 'clicks'], 100),
      input(),
    );
    expect(whole.truncated).toBe(false);
    expect(whole.rows.length).toBeGreaterThan(2);
    const rows: unknown[] = [];
    for (let offset = 0; ; offset += 2) {
      const answer = await page(offset);
      expect(answer.rows.length).toBeLessThanOrEqual(2);
      expect(answer.totals).toEqual(whole.totals);
      rows.push(...answer.rows);
      if (!answer.truncated) break;
      expect(offset).toBeLessThan(whole.rows.length);
    }
    expect(rows).toEqual(whole.rows);
    // Past the last row: no rows, no next page; the totals still count every row.
    const beyond = await page(whole.rows.length + 10);
    expect([beyond.rows, beyond.truncated, beyond.totals]).toEqual([[], false, whole.totals]);
    // Only tables have pages.
    await expect(
      runVisualQuery(warehouse(), MARKETING_SEMANTIC_MODEL, kpi, input({ offset: 2 })),
    ).rejects.toMatchObject({
      type: 'invalid_report_query',
      message: 'a kpi visual has no pages: it takes no offset',
    });
  });

  it('pages through every distinct value exactly once', async () => {
    /** Every page of a column's values; at most 100 pages, should a cursor never end. */
    const pageThrough = async (column: string, limit: number) => {
      const values: unknown[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await runFilterValues(
          warehouse(),
          MARKETING_SEMANTIC_MODEL,
          { table: 'performance', column, cursor, limit },
          30_000,
        );
        values.push(...page.data);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 100);
      return { values, pages };
    };
    expect(await pageThrough('campaign', 2)).toEqual({
      values: [null, 'Brand Search', 'Generic Search', "Prospecting 'EU'"],
      pages: 2,
    });
    const dates = await pageThrough('date', 500);
    expect(dates.values).toEqual([...new Set(FIXTURE.map((f) => f.date))].sort());
  });
});
