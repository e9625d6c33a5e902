import type { Visual } from '@maya/contracts';
import { expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import {
  layout,
  onFixtureEngines,
  recordingWarehouse,
  visualInput as input,
} from '../../test/fixture-engines';
import { FIXTURE, sum } from '../../test/report-fixture';
import { runVisualQuery } from './run-visual';

/**
 * Charts over time on real engines: at most 2,000 points a series (coarser grains, then sampling),
 * and the grain planned by the calendar when the period allows it.
 */

const line: Visual = {
  id: 'l',
  kind: 'line',
  title: null,
  table: 'performance',
  layout,
  axis: { name: 'date', grain: 'day' },
  legend: null,
  measures: ['spend'],
};

onFixtureEngines('charts over time', (warehouse) => {
  it('coarsens a chart over time beyond 2,000 points a series', async () => {
    const all = await runVisualQuery(warehouse(), MARKETING_SEMANTIC_MODEL, line, input());
    expect(all.sampled).toBe(true);
    expect(all.columns[0]).toMatchObject({ name: 'date', grain: 'week' });
    expect(all.rows.length).toBeLessThanOrEqual(2_000);
    expect(all.rows.every((r) => new Date(`${String(r.date)}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(all.rows.reduce((t, r) => t + Number(r.spend), 0)).toBe(sum(FIXTURE, 'cost'));
    expect(all.data_through).toBe('2024-03-31');

    const march = await runVisualQuery(
      warehouse(),
      MARKETING_SEMANTIC_MODEL,
      { ...line, legend: { name: 'channel', grain: null } },
      input({ dateRange: { from: '2024-03-01', to: '2024-03-31' } }),
    );
    expect(march.sampled).toBe(false);
    expect(march.columns.map((c) => [c.name, c.grain])).toEqual([
      ['date', 'day'],
      ['channel', null],
      ['spend', null],
    ]);
    expect(march.rows).toHaveLength(31 * 3);
    expect(march.rows.slice(0, 3)).toEqual([
      { date: '2024-03-01', channel: 'Google Ads', spend: 2 },
      { date: '2024-03-01', channel: 'Meta Ads', spend: 3 },
      { date: '2024-03-01', channel: 'Microsoft Ads', spend: 0 },
    ]);
  });

  it('plans a daily chart over a bounded period by the calendar: one statement, its last day from the rows', async () => {
    const { recording, sent } = recordingWarehouse(warehouse());
    // The range runs past the data: the freshness is the last day with rows, not the range's end.
    const answer = await runVisualQuery(
      recording,
      MARKETING_SEMANTIC_MODEL,
      line,
      input({ dateRange: { from: '2024-03-15', to: '2024-04-30' } }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/COUNT\(DISTINCT/);
    expect(answer.sampled).toBe(false);
    expect(answer.rows).toHaveLength(17);
    expect(answer.data_through).toBe('2024-03-31');

    // A weekly axis, or no bounded period, still counts the periods with data first.
    sent.length = 0;
    await runVisualQuery(
      recording,
      MARKETING_SEMANTIC_MODEL,
      { ...line, axis: { name: 'date', grain: 'week' } },
      input({ dateRange: { from: '2024-03-15', to: '2024-04-30' } }),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/COUNT\(DISTINCT/);
  });
});
