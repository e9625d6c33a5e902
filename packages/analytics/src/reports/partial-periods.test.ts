import type { ReportColumn, Visual } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { layout, onFixtureEngines, visualInput } from '../../test/fixture-engines';
import { partialPeriods } from './partial-periods';
import { runVisualQuery } from './run-visual';

const at = (grain: ReportColumn['grain']) => ({ name: 'date', type: 'date' as const, grain });
const weeks = (...starts: string[]) => starts.map((date) => ({ date }));

describe('partial periods', () => {
  // Mondays of November 2026: the 2nd, 9th, 16th, 23rd and 30th.
  const rows = weeks('2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23');

  it('marks a first week the period starts inside, and a last week the data stops inside', () => {
    // From Wednesday 4 November, the data through Friday 27 November.
    expect(partialPeriods(rows, at('week'), { from: '2026-11-04', to: '2026-11-29' }, '2026-11-27')).toEqual([
      '2026-11-02',
      '2026-11-23',
    ]);
    // Whole weeks, Monday to Sunday, the data through the last Sunday: none.
    expect(partialPeriods(rows, at('week'), { from: '2026-11-02', to: '2026-11-29' }, '2026-11-29')).toEqual(
      [],
    );
    // No bounded period: only the data's end counts.
    expect(partialPeriods(rows, at('week'), null, '2026-11-25')).toEqual(['2026-11-23']);
  });

  it('marks months, quarters and years alike, and never days', () => {
    const months = [{ date: '2026-10-01' }, { date: '2026-11-01' }];
    expect(
      partialPeriods(months, at('month'), { from: '2026-10-01', to: '2026-11-30' }, '2026-11-27'),
    ).toEqual(['2026-11-01']);
    expect(partialPeriods([{ date: '2026-01-01' }], at('year'), null, '2026-11-27')).toEqual(['2026-01-01']);
    expect(partialPeriods(weeks('2026-11-27'), at('day'), null, '2026-11-27')).toEqual([]);
  });
});

const byWeek: Visual = {
  id: 'w',
  kind: 'stacked_column',
  title: null,
  table: 'performance',
  layout,
  axis: { name: 'date', grain: 'week' },
  legend: { name: 'channel', grain: null },
  measures: ['spend'],
  sort: [],
  limit: null,
};

const byMonth: Visual = {
  id: 'm',
  kind: 'matrix',
  title: null,
  table: 'performance',
  layout,
  rows: [{ name: 'channel', grain: null }],
  columns: [{ name: 'date', grain: 'month' }],
  measures: ['spend'],
  sort: [],
  limit: null,
  totals: true,
};

onFixtureEngines('partial weeks and months', (warehouse) => {
  const run = (visual: Visual, from: string, to: string) =>
    runVisualQuery(warehouse(), MARKETING_SEMANTIC_MODEL, visual, visualInput({ dateRange: { from, to } }));

  it('names the weeks of a weekly chart that the range or the data cover in part', async () => {
    // Wednesday 6 March to Wednesday 27 March 2024: the first and the last week are partial.
    const chart = await run(byWeek, '2024-03-06', '2024-03-27');
    expect([...new Set(chart.rows.map((r) => r.date))]).toEqual([
      '2024-03-04',
      '2024-03-11',
      '2024-03-18',
      '2024-03-25',
    ]);
    expect(chart.partial_periods).toEqual(['2024-03-04', '2024-03-25']);
    // Through April: the data ends on Sunday 31 March, the last week is whole.
    expect((await run(byWeek, '2024-03-04', '2024-04-30')).partial_periods).toEqual([]);
  });

  it('names the partial months of a matrix by month, with the table freshness it read', async () => {
    const matrix = await run(byMonth, '2024-02-15', '2024-04-30');
    expect(matrix.partial_periods).toEqual(['2024-02-01']);
    expect(matrix.data_through).toBe('2024-03-31');
  });
});
