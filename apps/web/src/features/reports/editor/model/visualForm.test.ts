import type { ReportFieldTable, Visual } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { emptyForm, formToVisual, newVisualFilter, visualToForm, type VisualFormValues } from './visualForm';

const table: ReportFieldTable = {
  name: 'performance',
  label: 'Marketing performance',
  time_dimension: 'date',
  dimensions: [
    { name: 'date', label: 'Date', type: 'date', grains: ['day', 'week', 'month'] },
    { name: 'campaign', label: 'Campaign', type: 'string', grains: [] },
    { name: 'channel', label: 'Channel', type: 'string', grains: [] },
  ],
  measures: [
    { name: 'spend', label: 'Spend', format: 'currency' },
    { name: 'clicks', label: 'Clicks', format: 'number' },
  ],
};
const base = { id: 'v1', layout: { x: 0, y: 0, w: 6, h: 5 } };
const form = (values: Partial<VisualFormValues>): VisualFormValues => ({ ...emptyForm(table), ...values });
const made = (values: Partial<VisualFormValues>) => formToVisual(form(values), table, base);

describe('formToVisual', () => {
  it('makes a KPI with its comparison, and says a measure is missing', () => {
    expect(made({ kind: 'kpi', measures: ['spend'], title: ' Spend ' })).toEqual({
      visual: {
        ...base,
        kind: 'kpi',
        table: 'performance',
        title: 'Spend',
        measure: 'spend',
        comparison: 'previous_period',
      },
    });
    expect(made({ kind: 'kpi' })).toEqual({ missing: 'a measure' });
  });

  it('makes a line by day or week over a date only, one measure with a legend', () => {
    expect(made({ kind: 'line', measures: ['clicks'], axis: 'campaign' })).toEqual({
      missing: 'a date for the axis',
    });
    expect(made({ kind: 'line', measures: ['clicks'], axis: 'date' })).toMatchObject({
      visual: { kind: 'line', axis: { name: 'date', grain: null }, legend: null, measures: ['clicks'] },
    });
    expect(
      made({ kind: 'area', measures: ['clicks', 'spend'], axis: 'date', grain: 'week', legend: 'channel' }),
    ).toMatchObject({
      visual: {
        axis: { name: 'date', grain: 'week' },
        legend: { name: 'channel', grain: null },
        measures: ['clicks'],
      },
    });
  });

  it('makes a table with sort and limit, and a matrix only with rows', () => {
    expect(
      made({
        kind: 'table',
        dimensions: ['campaign'],
        measures: ['spend'],
        sortField: 'spend',
        limit: 50,
        totals: true,
      }),
    ).toMatchObject({
      visual: {
        kind: 'table',
        dimensions: [{ name: 'campaign', grain: null }],
        measures: ['spend'],
        sort: [{ field: 'spend', direction: 'desc' }],
        limit: 50,
        totals: true,
      },
    });
    expect(made({ kind: 'table' })).toEqual({ missing: 'a dimension or a measure' });
    expect(made({ kind: 'matrix', measures: ['spend'] })).toEqual({ missing: 'a dimension for the rows' });
  });
});

describe('visualToForm', () => {
  it('reads back every kind the form makes', () => {
    const cases: Partial<VisualFormValues>[] = [
      { kind: 'kpi', measures: ['spend'], comparison: false },
      { kind: 'line', measures: ['clicks'], axis: 'date', grain: 'month' },
      {
        kind: 'stacked_column',
        measures: ['spend'],
        axis: 'campaign',
        legend: 'channel',
        sortField: 'spend',
        sortDirection: 'asc',
        limit: 10,
      },
      { kind: 'donut', measures: ['spend'], axis: 'channel', limit: 5 },
      { kind: 'table', measures: ['spend'], dimensions: ['campaign', 'date'], grain: 'week', totals: true },
      { kind: 'matrix', measures: ['spend'], dimensions: ['campaign'], columns: ['channel'], totals: false },
    ];
    for (const values of cases) {
      const first = made(values);
      if (!('visual' in first)) throw new Error(`no visual for ${values.kind ?? ''}`);
      const again = formToVisual(
        visualToForm(first.visual as Exclude<Visual, { kind: 'slicer' }>),
        table,
        base,
      );
      expect(again).toEqual(first);
    }
  });
});

describe("a visual's own filters", () => {
  it('start as filtering nothing: every value of a column, the last 30 days of a date', () => {
    const channel = newVisualFilter(table, 'channel', []);
    expect(channel).toEqual({
      id: 'channel',
      table: 'performance',
      column: 'channel',
      kind: 'list',
      mode: 'include',
      values: [],
    });
    expect(newVisualFilter(table, 'date', [])).toEqual({
      id: 'date',
      table: 'performance',
      column: 'date',
      kind: 'relative_date',
      operator: 'in_the_last',
      count: 30,
      unit: 'day',
    });
    const second = newVisualFilter(table, 'channel', [channel]);
    expect(second.id).toBe('channel_2');
    expect(newVisualFilter(table, 'channel', [channel, second]).id).toBe('channel_3');
  });

  it('go into the visual and come back to the form; none leaves the visual without', () => {
    const google = { ...newVisualFilter(table, 'channel', []), values: ['Google Ads'] };
    const result = made({ kind: 'kpi', measures: ['spend'], filters: [google] });
    expect(result).toMatchObject({ visual: { filters: [google] } });
    if (!('visual' in result) || result.visual.kind === 'slicer') throw new Error('no visual');
    expect(visualToForm(result.visual).filters).toEqual([google]);
    const plain = made({ kind: 'kpi', measures: ['spend'] });
    expect('visual' in plain && 'filters' in plain.visual).toBe(false);
  });

  it("keep only the filters on the visual's table", () => {
    const other = { ...newVisualFilter(table, 'channel', []), table: 'search_console' };
    expect(made({ kind: 'kpi', measures: ['spend'], filters: [other] })).toMatchObject({
      visual: { filters: [] },
    });
  });
});
