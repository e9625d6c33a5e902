import type { ReportColumn, ReportQueryResponse, Visual } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { axisChartOption, pieChartOption, type AxisChartVisual, type PieChartVisual } from './chartOption';

const date: ReportColumn = {
  name: 'date',
  label: 'Date',
  role: 'dimension',
  type: 'date',
  format: null,
  grain: 'day',
};
const channel: ReportColumn = {
  name: 'channel',
  label: 'Channel',
  role: 'dimension',
  type: 'string',
  format: null,
  grain: null,
};
const spend: ReportColumn = {
  name: 'spend',
  label: 'Spend',
  role: 'measure',
  type: 'number',
  format: 'currency',
  grain: null,
};
const conversions: ReportColumn = { ...spend, name: 'conversions', label: 'Conversions', format: 'number' };

function answer(columns: ReportColumn[], rows: ReportQueryResponse['rows']): ReportQueryResponse {
  return { columns, rows, truncated: false, sampled: false, totals: null, comparison: null };
}

const layout: Visual['layout'] = { x: 0, y: 0, w: 12, h: 4 };

describe('chart options', () => {
  it('draws a line per measure over time, in date order, the second measure on its own axis, sampled with LTTB', () => {
    const visual: AxisChartVisual = {
      id: 'l',
      kind: 'line',
      title: null,
      table: 'performance',
      layout,
      axis: { name: 'date', grain: 'day' },
      legend: null,
      measures: ['spend', 'conversions'],
    };
    const option = axisChartOption(
      visual,
      answer(
        [date, spend, conversions],
        [
          { date: '2026-11-02', spend: 20, conversions: 2 },
          { date: '2026-11-01', spend: 10, conversions: 1 },
        ],
      ),
      'USD',
    );
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['01/11/2026', '02/11/2026'] });
    expect(option.yAxis).toHaveLength(2);
    expect(option.series).toEqual([
      expect.objectContaining({
        type: 'line',
        name: 'Spend',
        data: [10, 20],
        yAxisIndex: 0,
        sampling: 'lttb',
      }),
      expect.objectContaining({ type: 'line', name: 'Conversions', data: [1, 2], yAxisIndex: 1 }),
    ]);
  });

  it('stacks a column per legend value, largest total first, with gaps as null', () => {
    const visual: AxisChartVisual = {
      id: 's',
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
    const option = axisChartOption(
      visual,
      answer(
        [date, channel, spend],
        [
          { date: '2026-11-02', channel: 'Search', spend: 5 },
          { date: '2026-11-02', channel: 'Display', spend: 50 },
          { date: '2026-11-09', channel: 'Display', spend: 60 },
        ],
      ),
      'USD',
    );
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'Display', data: [50, 60], stack: 'total' }),
      expect.objectContaining({ type: 'bar', name: 'Search', data: [5, null], stack: 'total' }),
    ]);
  });

  it('puts bars on a category axis read top-down, in large mode past 400 bars', () => {
    const visual: AxisChartVisual = {
      id: 'b',
      kind: 'bar',
      title: null,
      table: 'performance',
      layout,
      axis: { name: 'channel', grain: null },
      legend: null,
      measures: ['spend'],
      sort: [],
      limit: null,
    };
    const rows = Array.from({ length: 401 }, (_, i) => ({ channel: `c${i}`, spend: 401 - i }));
    const option = axisChartOption(visual, answer([channel, spend], rows), 'USD');
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true });
    expect(option.series).toEqual([expect.objectContaining({ type: 'bar', large: true })]);
  });

  it('slices a donut by legend value', () => {
    const visual: PieChartVisual = {
      id: 'd',
      kind: 'donut',
      title: null,
      table: 'performance',
      layout,
      legend: { name: 'channel', grain: null },
      measure: 'spend',
      limit: null,
    };
    const option = pieChartOption(
      visual,
      answer(
        [channel, spend],
        [
          { channel: 'Search', spend: 3 },
          { channel: null, spend: 1 },
        ],
      ),
      'USD',
    );
    expect(option.series).toEqual([
      expect.objectContaining({
        type: 'pie',
        radius: ['48%', '72%'],
        data: [
          { name: 'Search', value: 3, itemStyle: { color: expect.any(String) } },
          { name: '(Blank)', value: 1, itemStyle: { color: expect.any(String) } },
        ],
      }),
    ]);
  });
  it('marks a partial first or last week on the axis', () => {
    const visual: AxisChartVisual = {
      id: 'w',
      kind: 'column',
      title: null,
      table: 'performance',
      layout,
      axis: { name: 'date', grain: 'week' },
      legend: null,
      measures: ['spend'],
      sort: [],
      limit: null,
    };
    const week = { ...date, grain: 'week' as const };
    const option = axisChartOption(
      visual,
      {
        ...answer(
          [week, spend],
          [
            { date: '2026-11-02', spend: 5 },
            { date: '2026-11-09', spend: 7 },
            { date: '2026-11-16', spend: 6 },
          ],
        ),
        partial_periods: ['2026-11-02', '2026-11-16'],
      },
      'EUR',
    );
    expect(option.xAxis).toMatchObject({
      data: ['02/11/2026 (partial)', '09/11/2026', '16/11/2026 (partial)'],
    });
    // On the axis the mark goes under the date, so that a narrow column's label fits its band.
    const { formatter } = (option.xAxis as { axisLabel: { formatter: (label: string) => string } }).axisLabel;
    expect(formatter('16/11/2026 (partial)')).toBe('16/11/2026\n(partial)');
    expect(formatter('09/11/2026')).toBe('09/11/2026');
    // Columns keep their labels centred under them; only a line's end labels turn inward.
    expect(option.xAxis).not.toHaveProperty('axisLabel.alignMaxLabel');
  });

  it('keeps the first and last labels of a line inside the plot', () => {
    const visual: AxisChartVisual = {
      id: 'l',
      kind: 'line',
      title: null,
      table: 'performance',
      layout,
      axis: { name: 'date', grain: 'day' },
      legend: null,
      measures: ['spend'],
    };
    const rows = [
      { date: '2026-11-01', spend: 5 },
      { date: '2026-11-02', spend: 7 },
    ];
    const option = axisChartOption(visual, answer([date, spend], rows), 'EUR');
    expect(option.xAxis).toMatchObject({ axisLabel: { alignMinLabel: 'left', alignMaxLabel: 'right' } });
  });
});
