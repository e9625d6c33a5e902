import type { ReportColumn, ReportQueryResponse, ReportRow, Visual } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { axisChartOption, pieChartOption, type AxisChartVisual, type PieChartVisual } from './chartOption';
import { CHART_COLORS, seriesColors, valueColor } from './seriesColors';

const column = (name: string, role: ReportColumn['role'], type: ReportColumn['type']): ReportColumn => ({
  name,
  label: name,
  role,
  type,
  format: role === 'measure' ? 'currency' : null,
  grain: type === 'date' ? 'week' : null,
});
const columns = [
  column('date', 'dimension', 'date'),
  column('channel', 'dimension', 'string'),
  column('spend', 'measure', 'number'),
];
const answer = (rows: ReportRow[]): ReportQueryResponse => ({
  columns,
  rows,
  truncated: false,
  sampled: false,
  totals: null,
  comparison: null,
});
const layout: Visual['layout'] = { x: 0, y: 0, w: 12, h: 4 };
const stacked: AxisChartVisual = {
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
const donut: PieChartVisual = {
  id: 'd',
  kind: 'donut',
  title: null,
  table: 'performance',
  layout,
  legend: { name: 'channel', grain: null },
  measure: 'spend',
  limit: null,
};

/** Each series' colour by name. */
function colorsOf(rows: ReportRow[]): Record<string, unknown> {
  const colors: Record<string, unknown> = {};
  for (const dataset of axisChartOption(stacked, answer(rows), 'EUR').config.data.datasets) {
    colors[dataset.label ?? ''] = dataset.backgroundColor;
  }
  return colors;
}

describe('series colours', () => {
  const week = '2026-11-02';
  const all = [
    { date: week, channel: 'Google Ads', spend: 500 },
    { date: week, channel: 'Meta Ads', spend: 300 },
    { date: week, channel: 'Microsoft Ads', spend: 100 },
  ];

  it('keeps a channel its colour unfiltered, filtered to it, and in the donut', () => {
    const unfiltered = colorsOf(all);
    const metaOnly = colorsOf([{ date: week, channel: 'Meta Ads', spend: 300 }]);
    expect(metaOnly['Meta Ads']).toBe(unfiltered['Meta Ads']);
    // Larger than Google Ads now: the rank changes, the colour does not.
    const reordered = colorsOf([...all.slice(1), { date: week, channel: 'Google Ads', spend: 1 }]);
    expect(reordered).toEqual(unfiltered);
    const { labels = [], datasets } = pieChartOption(donut, answer(all), 'EUR').config.data;
    const sliceColors = datasets[0]?.backgroundColor as string[];
    expect(Object.fromEntries(labels.map((label, i) => [label, sliceColors[i]]))).toEqual(unfiltered);
    expect(new Set(Object.values(unfiltered)).size).toBe(3);
  });

  it('gives any other value a colour of its own from its text, the same alone as among others', () => {
    const campaigns = ['Brand Search', 'Generic Search', 'Prospecting EU', 'Retargeting'];
    const together = seriesColors(campaigns);
    expect(new Set(together.values()).size).toBe(campaigns.length);
    for (const campaign of campaigns) {
      expect(CHART_COLORS).toContain(together.get(campaign));
      // Alone, each takes its own colour; among the others too, unless an earlier one took it.
      expect(seriesColors([campaign]).get(campaign)).toBe(valueColor(campaign));
    }
    // Reversed or with a value more, the colours stay.
    expect(seriesColors([...campaigns].reverse())).toEqual(together);
  });

  it('moves a value whose colour another value of the chart has to the next one free', () => {
    // Find two texts that hash to the same colour.
    const first = 'a0';
    const clash = Array.from({ length: 200 }, (_, i) => `b${i}`).find(
      (v) => valueColor(v) === valueColor(first),
    )!;
    const colors = seriesColors([clash, first]);
    expect(colors.get(first)).toBe(valueColor(first));
    expect(colors.get(clash)).not.toBe(valueColor(first));
  });
});
