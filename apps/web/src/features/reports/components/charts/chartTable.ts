import { measureNumber } from '../../model/format';
import type { ChartSpec } from './options';

/**
 * A chart's data as a table, its text alternative (WCAG 1.1.1): read from the Chart.js
 * configuration the chart draws, so the table always says what the canvas shows, series for
 * series, with the values formatted as the chart's tooltip formats them.
 */
export type ChartTable = {
  /** The first column's heading (the axis or legend), then one per series. */
  header: string[];
  /** One row per category or slice: its label, then each series' formatted value. */
  rows: string[][];
};

/** `categoryLabel` heads the first column: the chart's axis or legend, which the configuration does not name. */
export function chartTable({ config, formatValue }: ChartSpec, categoryLabel: string): ChartTable {
  const categories = (config.data.labels ?? []).map(String);
  const series = config.data.datasets.map((dataset) => ({
    name: dataset.label ?? '',
    values: dataset.data as unknown[],
  }));
  return {
    header: [categoryLabel, ...series.map((s) => s.name)],
    rows: categories.map((category, i) => [
      category,
      ...series.map((s, index) => formatValue(measureNumber(s.values[i]), index)),
    ]),
  };
}
