import type { ReportColumn, ReportQueryResponse, ReportRow, Visual } from '@maya/contracts';
import type { ChartDataset, ScaleOptions, TooltipItem } from 'chart.js';
import { reportMessages } from '../../messages';
import { formatDimension, formatMeasure, measureNumber } from '../../model/format';
import type { ChartConfig, ChartSpec } from './options';
import { CHART_COLORS, seriesColors } from './seriesColors';
import { AXIS_COLOR, LINE_COLOR, TEXT_COLOR } from './theme';

/**
 * Chart.js configurations from a visual's answer: pure functions of the visual, the rows and the
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
/** A line's points are marked up to this many (a month of days); past it the line alone. */
const MARKED_POINTS = 31;
/** A line of one period drawn as columns shows at most this many series (the largest). */
const SINGLE_PERIOD_SERIES = 10;
/** What marks a partial period after its label (' (partial)', decision 195). */
const PARTIAL_SUFFIX = reportMessages.visual.partialPeriod('');
/** An area's fill: its line's colour at 15 % opacity (hex alpha 0x26). */
const AREA_ALPHA = '26';
/**
 * Drawn at once, not animated: a chart draws in one task (drawing.ts) and nothing of it runs
 * after; an animation would redraw it every frame, and a resize during one left bars and lines
 * where the old size put them until it ended.
 */
const ANIMATION = false as const;

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
type SeriesData = { name: string; measure: ReportColumn; values: (number | null)[]; color: string };

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
    return measures.map((measure, i) => {
      const values: (number | null)[] = categories.map(() => null);
      for (const row of rows) {
        const at = index.get(key(row[axis.name]));
        if (at !== undefined) values[at] = measureNumber(row[measure.name]);
      }
      return { name: measure.label, measure, values, color: paletteColor(i) };
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
    .map(([legendKey, entry], i) => ({
      name: entry.label,
      measure,
      values: entry.values,
      color: colors.get(legendKey) ?? paletteColor(i),
    }));
}

function paletteColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length] ?? CHART_COLORS[0];
}

function valueAxis(
  measure: ReportColumn | undefined,
  currency: string,
  position: 'left' | 'right' | 'bottom',
): ScaleOptions<'linear'> {
  return {
    type: 'linear',
    position,
    beginAtZero: true,
    border: { display: false },
    // A right axis reads against the left one's grid lines: one grid on the plot.
    grid: { color: LINE_COLOR, drawTicks: false, drawOnChartArea: position !== 'right' },
    ticks: {
      color: TEXT_COLOR,
      padding: 8,
      callback: (value) => formatMeasure(value, measure?.format ?? null, { currency, style: 'axis' }),
    },
  };
}

/** A category label as the axis draws it: a partial period's mark on a line under its date. */
function tickLabel(label: string | undefined): string | string[] {
  if (label === undefined) return '';
  return label.endsWith(PARTIAL_SUFFIX)
    ? [label.slice(0, -PARTIAL_SUFFIX.length), PARTIAL_SUFFIX.trim()]
    : label;
}

function categoryAxis(labels: readonly string[], line: boolean): ScaleOptions<'category'> {
  return {
    type: 'category',
    // Columns and bars sit in bands; a line's first and last points on the plot's edges (the
    // layout makes room for their labels, so none is cut off).
    offset: !line,
    border: { color: AXIS_COLOR },
    grid: { display: false, drawTicks: false },
    ticks: {
      color: TEXT_COLOR,
      padding: 6,
      // Labels that would overlap are left out, never turned on their side.
      autoSkip: true,
      autoSkipPadding: 12,
      maxRotation: 0,
      callback: (value) => tickLabel(labels[Number(value)]),
    },
  };
}

/** The tooltip's look: Mantine's white surface with a gray border, the series' values formatted. */
function tooltip(label: (item: TooltipItem<'line' | 'bar' | 'pie' | 'doughnut'>) => string) {
  return {
    backgroundColor: '#ffffff',
    titleColor: '#212529',
    bodyColor: TEXT_COLOR,
    borderColor: '#dee2e6',
    borderWidth: 1,
    padding: 8,
    usePointStyle: true,
    boxPadding: 4,
    callbacks: { label },
  };
}

function legend(show: boolean) {
  return {
    display: show,
    position: 'bottom' as const,
    // Many values: the legend keeps to a few lines, the chart's table lists them all.
    maxHeight: 64,
    labels: { usePointStyle: true, pointStyle: 'circle' as const, boxWidth: 8, boxHeight: 8, padding: 12 },
  };
}

function emptySpec(): ChartSpec {
  return {
    config: { type: 'bar', data: { labels: [], datasets: [] } },
    formatValue: () => '–',
    note: null,
  };
}

/** Line, area, bar and column charts, over time or over a category. */
export function axisChartOption(
  visual: AxisChartVisual,
  response: ReportQueryResponse,
  currency: string,
): ChartSpec {
  const axis = column(response, visual.axis.name);
  const legendColumn = visual.legend === null ? null : column(response, visual.legend.name);
  const measures = visual.measures.flatMap((name) => column(response, name) ?? []);
  if (axis === null) return emptySpec();
  const categories = categoriesOf(response.rows, axis);
  const allSeries = seriesOf(response.rows, categories, axis, legendColumn, measures);
  const labels = categories.map((c) => formatDimension(c === '' ? null : c, axis, response.partial_periods));
  // Two measures of their own scale (spend and conversions): the second reads on a right axis.
  const dual = legendColumn === null && measures.length === 2;
  const horizontal = visual.kind === 'bar' || visual.kind === 'stacked_bar';
  const stacked = visual.kind === 'stacked_bar' || visual.kind === 'stacked_column';
  const points = categories.length;
  // A line over one point in time (a report's first month) would be a dot per series: columns
  // read at once, and a note says the line comes with the next period.
  const single = (visual.kind === 'line' || visual.kind === 'area') && points === 1;
  const line = (visual.kind === 'line' || visual.kind === 'area') && !single;
  // Side by side in one band, a long tail of series would squeeze the columns that matter to
  // slivers: the largest are drawn (series come largest first), and the note says how many.
  const series = single ? allSeries.slice(0, SINGLE_PERIOD_SERIES) : allSeries;
  const formatValue = (value: number | null, index: number) =>
    formatMeasure(value, series[index]?.measure.format ?? null, { currency });
  const label = (item: TooltipItem<'line' | 'bar' | 'pie' | 'doughnut'>) =>
    `${item.dataset.label ?? ''}: ${formatValue(measureNumber(item.raw), item.datasetIndex)}`;

  const scales = {
    [horizontal ? 'y' : 'x']: { ...categoryAxis(labels, line), stacked },
    [horizontal ? 'x' : 'y']: {
      ...valueAxis(measures[0], currency, horizontal ? 'bottom' : 'left'),
      stacked: stacked || (line && visual.kind === 'area' && legendColumn !== null),
    },
    ...(dual && !horizontal ? { y1: valueAxis(measures[1], currency, 'right') } : {}),
  };
  const plugins = {
    legend: legend(series.length > 1),
    tooltip: { ...tooltip(label), mode: 'index' as const, intersect: false },
    ...(!horizontal && points > ZOOM_ABOVE
      ? {
          zoom: {
            zoom: { wheel: { enabled: true }, pinch: { enabled: true }, mode: 'x' as const },
            pan: { enabled: true, mode: 'x' as const },
          },
        }
      : {}),
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: ANIMATION,
    indexAxis: horizontal ? ('y' as const) : ('x' as const),
    interaction: { mode: 'index' as const, intersect: false },
    layout: { padding: { left: 4, right: 12, top: 16, bottom: 4 } },
    scales,
    plugins,
  };
  const yAxisID = (i: number) => (dual && !horizontal && i > 0 ? 'y1' : horizontal ? 'x' : 'y');

  let config: ChartConfig;
  if (line) {
    const datasets = series.map((s, i): ChartDataset<'line', (number | null)[]> => ({
      label: s.name,
      data: s.values,
      yAxisID: yAxisID(i),
      borderColor: s.color,
      backgroundColor: visual.kind === 'area' ? `${s.color}${AREA_ALPHA}` : s.color,
      pointBackgroundColor: s.color,
      borderWidth: 2,
      tension: 0,
      pointRadius: points <= MARKED_POINTS ? 3 : 0,
      pointHoverRadius: 4,
      fill: visual.kind === 'area' ? (legendColumn === null ? 'origin' : 'stack') : false,
    }));
    config = { type: 'line', data: { labels, datasets }, options };
  } else {
    const datasets = series.map((s, i): ChartDataset<'bar', (number | null)[]> => ({
      label: s.name,
      data: s.values,
      ...(horizontal ? { xAxisID: 'x' } : { yAxisID: yAxisID(i) }),
      backgroundColor: s.color,
      maxBarThickness: 32,
      // Rounded at the bar's end, away from its axis; a stack's pieces stay square.
      borderRadius: stacked ? 0 : 4,
      ...(stacked ? { stack: 'total' } : {}),
    }));
    config = { type: 'bar', data: { labels, datasets }, options };
  }
  const note = single
    ? reportMessages.visual.onePeriod(
        axis.grain,
        series.length < allSeries.length ? { shown: series.length, of: allSeries.length } : null,
      )
    : null;
  return { config, formatValue, note };
}

/** Pie and donut charts: one slice per legend value. */
export function pieChartOption(
  visual: PieChartVisual,
  response: ReportQueryResponse,
  currency: string,
): ChartSpec {
  const legendColumn = column(response, visual.legend.name);
  const measure = column(response, visual.measure);
  if (legendColumn === null || measure === null) return emptySpec();
  const colors = seriesColors(response.rows.map((row) => key(row[legendColumn.name])));
  const labels = response.rows.map((row) => formatDimension(row[legendColumn.name], legendColumn));
  const values = response.rows.map((row) => measureNumber(row[measure.name]) ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  const formatValue = (value: number | null) => formatMeasure(value, measure.format, { currency });
  const label = (item: TooltipItem<'line' | 'bar' | 'pie' | 'doughnut'>) => {
    const value = measureNumber(item.raw) ?? 0;
    const share = total === 0 ? '' : ` (${((value / total) * 100).toFixed(1)}%)`;
    return `${item.label}: ${formatValue(value)}${share}`;
  };
  const donut = visual.kind === 'donut';
  const dataset = {
    label: measure.label,
    data: values,
    backgroundColor: response.rows.map((row) => colors.get(key(row[legendColumn.name])) ?? CHART_COLORS[0]),
    borderColor: '#ffffff',
    borderWidth: 2,
    borderRadius: donut ? 4 : 0,
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: ANIMATION,
    // A donut's hole is two thirds of its radius.
    cutout: donut ? '66%' : 0,
    layout: { padding: 4 },
    plugins: { legend: legend(true), tooltip: tooltip(label) },
  };
  const config: ChartConfig = donut
    ? { type: 'doughnut', data: { labels, datasets: [dataset] }, options }
    : { type: 'pie', data: { labels, datasets: [dataset] }, options };
  return { config, formatValue, note: null };
}

function isPie(visual: ChartVisual): visual is PieChartVisual {
  return visual.kind === 'pie' || visual.kind === 'donut';
}

export function chartOption(visual: ChartVisual, response: ReportQueryResponse, currency: string): ChartSpec {
  return isPie(visual)
    ? pieChartOption(visual, response, currency)
    : axisChartOption(visual, response, currency);
}
