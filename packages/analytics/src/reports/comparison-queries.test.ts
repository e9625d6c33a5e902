import type { ReportFilter, Visual } from '@maya/contracts';
import { expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { FIXTURE, THIS_MONTH, sum } from '../../test/report-fixture';
import { layout, onFixtureEngines, visualInput } from '../../test/fixture-engines';
import { runVisualQuery } from './run-visual';

/**
 * KPI comparisons on real engines: like with like, up to the last day with data, and no change
 * against a period a source does not cover. The fixture's Google Ads campaign runs from 2018;
 * Meta and Microsoft Ads were "connected" with data from 1 March 2024; the data ends on 31 March
 * 2024 and "now" is 20 March 2024.
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

const channel = (name: string): ReportFilter => ({
  id: 'channel',
  kind: 'list',
  table: 'performance',
  column: 'channel',
  mode: 'include',
  values: [name],
});

const THIS_YEAR: ReportFilter = {
  id: 'year',
  kind: 'relative_date',
  table: 'performance',
  column: 'date',
  operator: 'in_this',
  count: null,
  unit: 'year',
};

const spendOf = (channelName: string, from: string, to: string) =>
  sum(
    FIXTURE.filter((f) => f.channel === channelName && f.date >= from && f.date <= to),
    'cost',
  );

onFixtureEngines('KPI comparisons', (warehouse) => {
  const answer = (filters: ReportFilter[], dateRange: { from: string; to: string } | null = null) =>
    runVisualQuery(warehouse(), MARKETING_SEMANTIC_MODEL, kpi, visualInput({ filters, dateRange }));

  it('compares this year to date with the same days of last year', async () => {
    const google = await answer([THIS_YEAR, channel('Google Ads')]);
    expect(google.rows).toEqual([{ spend: spendOf('Google Ads', '2024-01-01', '2024-12-31') }]);
    expect(google.comparison).toEqual({
      from: '2023-01-01',
      to: '2023-03-31',
      current: { from: '2024-01-01', to: '2024-03-31' },
      rows: [{ spend: spendOf('Google Ads', '2023-01-01', '2023-03-31') }],
      data_from: null,
    });
  });

  it('compares a period that runs past the data up to its last day, moved by whole months', async () => {
    // March and April, the data through 31 March: March against January.
    const google = await answer([channel('Google Ads')], { from: '2024-03-01', to: '2024-04-30' });
    expect(google.comparison).toMatchObject({
      from: '2024-01-01',
      to: '2024-01-31',
      current: { from: '2024-03-01', to: '2024-03-31' },
      // Google Ads spent nothing in January (the two whole months before, January and February,
      // would have a sum).
      rows: [{ spend: null }],
      data_from: null,
    });
  });

  it('shows no change when a source starts after the previous period does', async () => {
    const meta = await answer([THIS_MONTH, channel('Meta Ads')]);
    expect(meta.rows).toEqual([{ spend: spendOf('Meta Ads', '2024-03-01', '2024-03-31') }]);
    expect(meta.comparison).toMatchObject({ from: '2024-02-01', to: '2024-02-29', data_from: '2024-03-01' });
    // Every source, one of them connected later: not like with like either.
    expect((await answer([THIS_MONTH])).comparison?.data_from).toBe('2024-03-01');
    // Google Ads alone covers February.
    expect((await answer([THIS_MONTH, channel('Google Ads')])).comparison?.data_from).toBeNull();
    // A source without data in the current period does not count: Google Ads in 2023, to date.
    const before = await answer([], { from: '2023-01-01', to: '2023-12-31' });
    expect(before.comparison).toMatchObject({ from: '2022-01-01', to: '2022-12-31', data_from: null });
  });

  it('compares a campaign launched after the previous period when its account has data for it', async () => {
    // Generic Search starts on 1 February 2024 under the Google Ads account, whose data goes back
    // to 2018: February against January is new spend, a change that happened.
    const generic: ReportFilter = {
      id: 'campaign',
      kind: 'list',
      table: 'performance',
      column: 'campaign',
      mode: 'include',
      values: ['Generic Search'],
    };
    const launched = await answer([generic], { from: '2024-02-01', to: '2024-02-29' });
    expect(launched.rows).toEqual([{ spend: 29 }]);
    expect(launched.comparison).toMatchObject({ from: '2024-01-01', to: '2024-01-29', data_from: null });
    expect(launched.comparison?.rows).toEqual([{ spend: null }]);
  });
});
