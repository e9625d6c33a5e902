import type { ChartOption } from './options';

/**
 * A chart's data as a table, its text alternative (WCAG 1.1.1): read from the ECharts option the
 * chart draws, so the table always says what the canvas shows, series for series, with the
 * values formatted as the chart's tooltip formats them.
 */
export type ChartTable = {
  /** The first column's heading (the axis or legend), then one per series. */
  header: string[];
  /** One row per category or slice: its label, then each series' formatted value. */
  rows: string[][];
};

type Formatter = (value: unknown) => string;
type CategoryAxis = { type?: unknown; data?: unknown; name?: unknown };
type Series = {
  type?: unknown;
  name?: unknown;
  data?: unknown;
  tooltip?: { valueFormatter?: unknown };
};

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function formatterOf(holder: { valueFormatter?: unknown } | undefined): Formatter | null {
  const candidate = holder?.valueFormatter;
  return typeof candidate === 'function' ? (candidate as Formatter) : null;
}

const plain: Formatter = (value) =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : '–';

function pointValue(point: unknown): unknown {
  if (point !== null && typeof point === 'object' && 'value' in point) return point.value;
  return point;
}

/** `categoryLabel` heads the first column: the chart's axis or legend, which the option does not name. */
export function chartTable(option: ChartOption, categoryLabel: string): ChartTable {
  const series = asList(option.series as Series | Series[] | undefined);
  const shared = formatterOf(asList(option.tooltip as { valueFormatter?: unknown } | undefined)[0]);
  const pie = series.find((s) => s.type === 'pie');
  if (pie !== undefined) {
    const format = formatterOf(pie.tooltip) ?? shared ?? plain;
    const slices = Array.isArray(pie.data) ? (pie.data as unknown[]) : [];
    return {
      header: [categoryLabel, typeof pie.name === 'string' ? pie.name : ''],
      rows: slices.map((slice) => {
        const name = slice !== null && typeof slice === 'object' && 'name' in slice ? slice.name : '';
        return [String(name), format(pointValue(slice))];
      }),
    };
  }
  const axes = [
    ...asList(option.xAxis as CategoryAxis | CategoryAxis[] | undefined),
    ...asList(option.yAxis as CategoryAxis | CategoryAxis[] | undefined),
  ];
  const categoryAxis = axes.find((axis) => axis.type === 'category');
  const categories = Array.isArray(categoryAxis?.data) ? (categoryAxis.data as unknown[]).map(String) : [];
  const columns = series.map((s) => ({
    name: typeof s.name === 'string' ? s.name : '',
    values: Array.isArray(s.data) ? (s.data as unknown[]) : [],
    format: formatterOf(s.tooltip) ?? shared ?? plain,
  }));
  return {
    header: [categoryLabel, ...columns.map((c) => c.name)],
    rows: categories.map((category, i) => [
      category,
      ...columns.map((c) => c.format(pointValue(c.values[i]) ?? null)),
    ]),
  };
}
