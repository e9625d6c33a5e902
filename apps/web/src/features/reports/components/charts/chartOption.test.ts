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
  it('draws a line per measure over time, in date order, the second measure on its own right axis', () => {
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
    const { config, formatValue } = axisChartOption(
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
    expect(config.type).toBe('line');
    expect(config.options).toMatchObject({ animation: false, responsive: true, maintainAspectRatio: false });
    expect(config.data.labels).toEqual(['01/11/2026', '02/11/2026']);
    expect(config.data.datasets).toEqual([
      expect.objectContaining({ label: 'Spend', data: [10, 20], yAxisID: 'y', fill: false }),
      expect.objectContaining({ label: 'Conversions', data: [1, 2], yAxisID: 'y1' }),
    ]);
    expect(config.options?.scales).toMatchObject({
      x: { type: 'category', offset: false },
      y: { type: 'linear', position: 'left' },
      y1: { type: 'linear', position: 'right', grid: { drawOnChartArea: false } },
    });
    // Each series reads in its own format: the spend as money, the conversions as a count.
    expect(formatValue(1234.5, 0)).toBe('$1,234.50');
    expect(formatValue(1234, 1)).toBe('1,234');
    expect(formatValue(null, 0)).toBe('–');
    // The axes read short: "$25K".
    const ticks = (config.options?.scales?.y as { ticks: { callback: (value: number) => string } }).ticks;
    expect(ticks.callback(25_000)).toBe('$25K');
  });

  it('stacks a column per legend value, largest total first, with gaps as null, each value its own colour', () => {
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
    const { config } = axisChartOption(
      visual,
      answer(
        [date, channel, spend],
        [
          { date: '2026-11-02', channel: 'Google Ads', spend: 5 },
          { date: '2026-11-02', channel: 'Meta Ads', spend: 50 },
          { date: '2026-11-09', channel: 'Meta Ads', spend: 60 },
        ],
      ),
      'USD',
    );
    expect(config.type).toBe('bar');
    expect(config.data.datasets).toEqual([
      expect.objectContaining({
        label: 'Meta Ads',
        data: [50, 60],
        stack: 'total',
        backgroundColor: '#fab005',
      }),
      expect.objectContaining({
        label: 'Google Ads',
        data: [5, null],
        stack: 'total',
        backgroundColor: '#4c6ef5',
      }),
    ]);
    expect(config.options?.scales).toMatchObject({ x: { stacked: true }, y: { stacked: true } });
    expect(config.options?.plugins?.legend).toMatchObject({ display: true, position: 'bottom' });
  });

  it('puts bars on a category axis read top-down, and zooms no horizontal axis', () => {
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
    const { config } = axisChartOption(visual, answer([channel, spend], rows), 'USD');
    expect(config.options).toMatchObject({
      indexAxis: 'y',
      scales: { y: { type: 'category', offset: true }, x: { type: 'linear' } },
    });
    expect(config.data.datasets).toEqual([expect.objectContaining({ xAxisID: 'x', borderRadius: 4 })]);
    expect(config.options?.plugins).not.toHaveProperty('zoom');
    expect(config.options?.plugins?.legend).toMatchObject({ display: false });
  });

  it('zooms a long time axis, with the wheel or a pinch, and leaves a short one as it is', () => {
    const visual: AxisChartVisual = {
      id: 'c',
      kind: 'column',
      title: null,
      table: 'performance',
      layout,
      axis: { name: 'date', grain: 'day' },
      legend: null,
      measures: ['spend'],
      sort: [],
      limit: null,
    };
    const days = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
        spend: i,
      }));
    const long = axisChartOption(visual, answer([date, spend], days(91)), 'USD').config;
    expect(long.options?.plugins).toMatchObject({
      zoom: { zoom: { wheel: { enabled: true }, pinch: { enabled: true }, mode: 'x' } },
    });
    const short = axisChartOption(visual, answer([date, spend], days(90)), 'USD').config;
    expect(short.options?.plugins).not.toHaveProperty('zoom');
  });

  it('slices a donut by legend value, a blank value read as such', () => {
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
    const { config, formatValue } = pieChartOption(
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
    expect(config.type).toBe('doughnut');
    expect(config.options).toMatchObject({ cutout: '66%' });
    expect(config.data.labels).toEqual(['Search', '(Blank)']);
    expect(config.data.datasets).toEqual([
      expect.objectContaining({
        label: 'Spend',
        data: [3, 1],
        backgroundColor: [expect.stringMatching(/^#/), expect.stringMatching(/^#/)],
      }),
    ]);
    expect(formatValue(3, 0)).toBe('$3.00');
    // A slice's tooltip: its value and its share of the whole.
    const { label } = (
      config.options?.plugins?.tooltip as { callbacks: { label: (item: unknown) => string } }
    ).callbacks;
    expect(label({ label: 'Search', raw: 3 })).toBe('Search: $3.00 (75.0%)');
  });

  it('draws a pie without a hole', () => {
    const visual: PieChartVisual = {
      id: 'p',
      kind: 'pie',
      title: null,
      table: 'performance',
      layout,
      legend: { name: 'channel', grain: null },
      measure: 'spend',
      limit: null,
    };
    const { config } = pieChartOption(
      visual,
      answer([channel, spend], [{ channel: 'Search', spend: 3 }]),
      'USD',
    );
    expect(config.type).toBe('pie');
    expect(config.options).toMatchObject({ cutout: 0 });
  });

  it('marks a partial first or last week on the axis, the mark under the date', () => {
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
    const { config } = axisChartOption(
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
    expect(config.data.labels).toEqual(['02/11/2026 (partial)', '09/11/2026', '16/11/2026 (partial)']);
    // On the axis the mark goes under the date, so that a narrow column's label fits its band.
    const x = config.options?.scales?.x as { ticks: { callback: (value: number) => string | string[] } };
    expect(x.ticks.callback(2)).toEqual(['16/11/2026', '(partial)']);
    expect(x.ticks.callback(1)).toBe('09/11/2026');
    // Columns sit in bands, their labels centred under them.
    expect(config.options?.scales?.x).toMatchObject({ offset: true });
  });

  it('fills an area under its line, stacking the areas of a legend', () => {
    const visual: AxisChartVisual = {
      id: 'a',
      kind: 'area',
      title: null,
      table: 'performance',
      layout,
      axis: { name: 'date', grain: 'day' },
      legend: { name: 'channel', grain: null },
      measures: ['spend'],
    };
    const rows = [
      { date: '2026-11-01', channel: 'Search', spend: 5 },
      { date: '2026-11-01', channel: 'Social', spend: 7 },
      { date: '2026-11-02', channel: 'Social', spend: 2 },
    ];
    const { config } = axisChartOption(visual, answer([date, channel, spend], rows), 'EUR');
    expect(config.type).toBe('line');
    expect(config.data.datasets).toEqual([
      expect.objectContaining({
        label: 'Social',
        fill: 'stack',
        backgroundColor: expect.stringMatching(/^#.{6}26$/),
      }),
      expect.objectContaining({ label: 'Search', fill: 'stack' }),
    ]);
    expect(config.options?.scales).toMatchObject({ y: { stacked: true } });
  });

  it('draws a line of one period (a first month) as columns per legend value, with a note saying why', () => {
    const month: ReportColumn = { ...date, name: 'month', label: 'Month', grain: 'month' };
    const visual: AxisChartVisual = {
      id: 'm',
      kind: 'line',
      title: null,
      table: 'competitors',
      layout,
      axis: { name: 'month', grain: 'month' },
      legend: { name: 'channel', grain: null },
      measures: ['spend'],
    };
    const one = [
      { month: '2026-11-01', channel: 'Search', spend: 5 },
      { month: '2026-11-01', channel: 'Social', spend: 7 },
    ];
    const single = axisChartOption(visual, answer([month, channel, spend], one), 'EUR');
    expect(single.config.type).toBe('bar');
    expect(single.config.data.datasets).toEqual([
      expect.objectContaining({ label: 'Social', data: [7], yAxisID: 'y' }),
      expect.objectContaining({ label: 'Search', data: [5], yAxisID: 'y' }),
    ]);
    // Columns in a band, side by side (not stacked), across the chart's width.
    expect(single.config.options?.scales).toMatchObject({
      x: { type: 'category', offset: true, stacked: false },
      y: { stacked: false },
    });
    expect(single.note).toBe(
      'One month of data so far: shown as columns; the line starts with the next month.',
    );
    // A long tail: the 10 largest side by side, and the note says so.
    const tail = Array.from({ length: 14 }, (_, i) => ({
      month: '2026-11-01',
      channel: `domain${i}.example`,
      spend: 100 - i,
    }));
    const many = axisChartOption(visual, answer([month, channel, spend], tail), 'EUR');
    expect(many.config.data.datasets.map((d) => d.label)).toEqual(
      tail.slice(0, 10).map((row) => row.channel),
    );
    expect(many.note).toBe(
      'One month of data so far: shown as columns; the line starts with the next month. The 10 largest of 14 are shown.',
    );
    // A second month: the line, and no note.
    const two = [...one, { month: '2026-12-01', channel: 'Search', spend: 6 }];
    const line = axisChartOption(visual, answer([month, channel, spend], two), 'EUR');
    expect(line.config.type).toBe('line');
    expect(line.note).toBeNull();
  });
});
