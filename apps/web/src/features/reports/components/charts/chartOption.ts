import type { ReportColumn, ReportQueryResponse, ReportRow, Visual } from '@maya/contracts';
import { reportMessages } from '../../messages';
import { formatDimension, formatMeasure, measureNumber } from '../../model/format';
import type { BarSeriesOption, ChartOption, LineSeriesOption } from './options';
import { CHART_COLORS, seriesColors } from './seriesColors';

/**
 * ECharts options from a visual's answer: pure functions of the visual, the rows and the
 * currency, so they are tested without a canvas.
 */

export type AxisChartVisual = Extract<
  Visual,
  { kind: 'line' | 'area' | 'bar' | 'column' | 'stacked_bar' | 'stacked_column' }
>;
export type PieChartVisual = Extract<Visual, { kind: 'pie' | 'donut' }>;
export type ChartVisual = AxisChartVisual | PieChartVisual;

/** Above this many categories the chart zooms with the wheel or a pinch instead of crowding. */
const ZOOM_ABOVE = 90;
/** Bars drawn in ECharts' large mode above this many (one path instead of one shape each). */
const LARGE_BARS = 400;

const TEXT_COLOR = '#495057';
/** What marks a partial period after its label (' (partial)', decision 195). */
const PARTIAL_SUFFIX = reportMessages.visual.partialPeriod('');
const LINE_COLOR = '#e9ecef';

function column(response: ReportQueryResponse, name: string): ReportColumn | null {
  return response.columns.find((c) => c.name === name) ?? null;
}

function key(value: ReportRow[string] | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The axis values in the order to draw: dates ascending, anything else as the server sorted. */
function categoriesOf(rows: readonly ReportRow[], axis: ReportColumn): string[] {
  const seen = new Set<string>();
  for (const row of rows) seen.add(key(row[axis.name]));
  const values = [...seen];
  return axis.type === 'date' ? values.sort() : values;
}

/** `color`: a legend value's own colour (seriesColors); measures take the palette in order. */
type SeriesData = { name: string; measure: ReportColumn; values: (number | null)[]; color: string | null };

/** One series per measure, or with a legend one per legend value (largest total first). */
function seriesOf(
  rows: readonly ReportRow[],
  categories: readonly string[],
  axis: ReportColumn,
  legend: ReportColumn | null,
  measures: readonly ReportColumn[],
): SeriesData[] {
  const index = new Map(categories.map((c, i) => [c, i]));
  if (legend === null) {
    return measures.map((measure) => {
      const values: (number | null)[] = categories.map(() => null);
      for (const row of rows) {
        const at = index.get(key(row[axis.name]));
        if (at !== undefined) values[at] = measureNumber(row[measure.name]);
      }
      return { name: measure.label, measure, values, color: null };
    });
  }
  const [measure] = measures;
  if (measure === undefined) return [];
  const byLegend = new Map<string, { label: string; values: (number | null)[]; total: number }>();
  for (const row of rows) {
    const legendKey = key(row[legend.name]);
    let entry = byLegend.get(legendKey);
    if (entry === undefined) {
      entry = {
        label: formatDimension(row[legend.name], legend),
        values: categories.map(() => null),
        total: 0,
      };
      byLegend.set(legendKey, entry);
    }
    const at = index.get(key(row[axis.name]));
    const value = measureNumber(row[measure.name]);
    if (at !== undefined) entry.values[at] = value;
    entry.total += value ?? 0;
  }
  const colors = seriesColors([...byLegend.keys()]);
  return [...byLegend.entries()]
    .sort(([, a], [, b]) => b.total - a.total)
    .map(([legendKey, entry]) => ({
      name: entry.label,
      measure,
      values: entry.values,
      color: colors.get(legendKey) ?? null,
    }));
}

function valueAxis(measure: ReportColumn | undefined, currency: string, position?: 'left' | 'right') {
  return {
    type: 'value' as const,
    position,
    axisLabel: {
      color: TEXT_COLOR,
      formatter: (value: number) =>
        formatMeasure(value, measure?.format ?? null, { currency, style: 'axis' }),
    },
    splitLine: { lineStyle: { color: LINE_COLOR } },
  };
}

const baseOption = {
  color: [...CHART_COLORS],
  textStyle: { fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif' },
  animationDuration: 300,
};

function legendOption(show: boolean) {
  return show
    ? { type: 'scroll' as const, bottom: 0, icon: 'circle', itemWidth: 10, itemHeight: 10 }
    : { show: false };
}

/** Line, area, bar and column charts, over time or over a category. */
export function axisChartOption(
  visual: AxisChartVisual,
  response: ReportQueryResponse,
  currency: string,
): ChartOption {
  const axis = column(response, visual.axis.name);
  const legend = visual.legend === null ? null : column(response, visual.legend.name);
  const measures = visual.measures.flatMap((name) => column(response, name) ?? []);
  if (axis === null) return { ...baseOption, series: [] };
  const categories = categoriesOf(response.rows, axis);
  const series = seriesOf(response.rows, categories, axis, legend, measures);
  const labels = categories.map((c) => formatDimension(c === '' ? null : c, axis, response.partial_periods));
  // Two measures of their own scale (spend and conversions): the second reads on a right axis.
  const dual = legend === null && measures.length === 2;
  const horizontal = visual.kind === 'bar' || visual.kind === 'stacked_bar';
  const stacked = visual.kind === 'stacked_bar' || visual.kind === 'stacked_column';
  const line = visual.kind === 'line' || visual.kind === 'area';
  const points = categories.length;

  const chartSeries = series.map((s, i): LineSeriesOption | BarSeriesOption => {
    const common = {
      name: s.name,
      data: s.values,
      yAxisIndex: dual && !horizontal ? Math.min(i, 1) : 0,
      tooltip: { valueFormatter: (value: unknown) => formatMeasure(value, s.measure.format, { currency }) },
    };
    const color = s.color === null ? {} : { color: s.color };
    if (line) {
      return {
        ...common,
        type: 'line',
        smooth: false,
        showSymbol: points <= 31,
        symbolSize: 5,
        sampling: 'lttb',
        itemStyle: color,
        lineStyle: { width: 2, ...color },
        ...(visual.kind === 'area'
          ? { areaStyle: { opacity: 0.15 }, stack: legend === null ? undefined : 'total' }
          : {}),
      };
    }
    return {
      ...common,
      type: 'bar',
      stack: stacked ? 'total' : undefined,
      barMaxWidth: 32,
      large: !stacked && points > LARGE_BARS,
      largeThreshold: LARGE_BARS,
      itemStyle: { ...color, borderRadius: stacked ? 0 : horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
    };
  });

  const categoryAxis = {
    type: 'category' as const,
    data: labels,
    boundaryGap: !line,
    inverse: horizontal,
    axisLabel: {
      color: TEXT_COLOR,
      hideOverlap: true,
      lineHeight: 15,
      // A line's first and last labels sit on the plot's edges: aligned inward, never cut off.
      ...(line ? { alignMinLabel: 'left' as const, alignMaxLabel: 'right' as const } : {}),
      // A partial period's mark goes under its date, so a narrow column's label stays in its band.
      formatter: (label: string) =>
        label.endsWith(PARTIAL_SUFFIX)
          ? `${label.slice(0, -PARTIAL_SUFFIX.length)}\n${PARTIAL_SUFFIX.trim()}`
          : label,
    },
    axisLine: { lineStyle: { color: '#ced4da' } },
    axisTick: { show: false },
  };
  const values = dual
    ? [valueAxis(measures[0], currency, 'left'), valueAxis(measures[1], currency, 'right')]
    : [valueAxis(measures[0], currency)];
  const showLegend = series.length > 1;
  return {
    ...baseOption,
    grid: { left: 8, right: 12, top: 16, bottom: showLegend ? 36 : 8, containLabel: true },
    tooltip: { trigger: 'axis', confine: true, axisPointer: { type: line ? 'line' : 'shadow' } },
    legend: legendOption(showLegend),
    xAxis: horizontal ? values : categoryAxis,
    yAxis: horizontal ? categoryAxis : values,
    dataZoom: !horizontal && points > ZOOM_ABOVE ? [{ type: 'inside', xAxisIndex: 0 }] : [],
    series: chartSeries,
  };
}

/** Pie and donut charts: one slice per legend value. */
export function pieChartOption(
  visual: PieChartVisual,
  response: ReportQueryResponse,
  currency: string,
): ChartOption {
  const legend = column(response, visual.legend.name);
  const measure = column(response, visual.measure);
  if (legend === null || measure === null) return { ...baseOption, series: [] };
  const colors = seriesColors(response.rows.map((row) => key(row[legend.name])));
  const data = response.rows.map((row) => ({
    name: formatDimension(row[legend.name], legend),
    value: measureNumber(row[measure.name]) ?? 0,
    itemStyle: { color: colors.get(key(row[legend.name])) },
  }));
  return {
    ...baseOption,
    tooltip: {
      trigger: 'item',
      confine: true,
      valueFormatter: (value: unknown) => formatMeasure(value, measure.format, { currency }),
    },
    legend: { ...legendOption(true), type: 'scroll' },
    series: [
      {
        type: 'pie',
        name: measure.label,
        radius: visual.kind === 'donut' ? ['48%', '72%'] : ['0%', '72%'],
        center: ['50%', '44%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: visual.kind === 'donut' ? 4 : 0 },
        label: { show: false },
        emphasis: { label: { show: true, fontWeight: 'bold', formatter: '{d}%' } },
        data,
      },
    ],
  };
}

function isPie(visual: ChartVisual): visual is PieChartVisual {
  return visual.kind === 'pie' || visual.kind === 'donut';
}

export function chartOption(
  visual: ChartVisual,
  response: ReportQueryResponse,
  currency: string,
): ChartOption {
  return isPie(visual)
    ? pieChartOption(visual, response, currency)
    : axisChartOption(visual, response, currency);
}
