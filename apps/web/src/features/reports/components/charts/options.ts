import type { ChartConfiguration } from 'chart.js';
// The zoom plugin's options in Chart.js' types (`plugins.zoom`); its code loads on demand (zoom.ts).
import type {} from 'chartjs-plugin-zoom';

/** The Chart.js configurations the dashboards build: only what `chartjs.ts` registers. */
export type ChartConfig =
  | ChartConfiguration<'line', (number | null)[], string | string[]>
  | ChartConfiguration<'bar', (number | null)[], string | string[]>
  | ChartConfiguration<'pie', number[], string>
  | ChartConfiguration<'doughnut', number[], string>;

/**
 * What a chart draws and how its values read: `formatValue` formats a value of the series at
 * `series` (its dataset's index) as the tooltip shows it, and the chart's table too; `note`, shown
 * under the chart, says why it is drawn otherwise than its kind (a line of one period as columns).
 */
export type ChartSpec = {
  config: ChartConfig;
  formatValue: (value: number | null, series: number) => string;
  note: string | null;
};
