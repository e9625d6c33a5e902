// The PageSpeed report: the PageSpeed URLs job's measurements (the server's pagespeed module
// writes `raw.pagespeed__results`, one row per URL, day and strategy) as a semantic model and a
// built-in report over it. Each URL's performance score and Core Web Vitals over time, each drawn
// beside Google's "good" threshold, and a table of the URLs with their organic search clicks, the
// most visited first, so the slow pages that matter stand out. Filterable like any report.
import {
  CORE_WEB_VITALS_GOOD,
  CORE_WEB_VITALS_POOR,
  PAGESPEED_REPORT_NAME,
  PAGESPEED_REPORT_SLUG,
  TIME_GRAINS,
  type ReportDocument,
  type ReportFilter,
  type Visual,
} from '@maya/contracts';
import type { TableSchema } from '@maya/warehouse/interface';
import { at, dim } from './builtin-reports';
import type { Dimension, Measure, SemanticModel } from './semantic-model';

/** The raw table the pagespeed module writes and the model reads. */
export const PAGESPEED_RESULTS_TABLE = 'pagespeed__results';
export const PAGESPEED_MODEL = 'pagespeed';

/** `raw.pagespeed__results`: one row per URL, day and strategy; a later run of the day replaces it. */
export const PAGESPEED_RESULTS: TableSchema = {
  name: PAGESPEED_RESULTS_TABLE,
  columns: [
    { name: 'url', type: 'string', nullable: false },
    { name: 'date', type: 'date', nullable: false },
    { name: 'strategy', type: 'string', nullable: false },
    { name: 'performance_score', type: 'integer', nullable: false },
    { name: 'lcp_ms', type: 'integer', nullable: false },
    { name: 'lcp_source', type: 'string', nullable: false },
    { name: 'inp_ms', type: 'integer', nullable: false },
    { name: 'inp_source', type: 'string', nullable: false },
    { name: 'cls', type: 'double', nullable: false },
    { name: 'cls_source', type: 'string', nullable: false },
    /** 'Field (CrUX)', 'Lab (Lighthouse)' or 'Field and lab'. */
    { name: 'data_source', type: 'string', nullable: false },
    /** The Core Web Vitals assessment: 'Good', 'Needs improvement' or 'Poor'. */
    { name: 'assessment', type: 'string', nullable: false },
    /** Organic search clicks of the page over the 28 days before the run; null without Search Console. */
    { name: 'search_clicks', type: 'bigint', nullable: true },
    { name: 'fetched_at', type: 'timestamp', nullable: false },
  ],
  primaryKey: ['url', 'date', 'strategy'],
};

const text = (name: string, label: string): Dimension => ({
  name,
  label,
  type: 'string',
  sql: { column: name },
  grains: [],
});
const average = (name: string, label: string, column: string, divisor: number | null = null): Measure => ({
  name,
  label,
  format: 'number',
  kind: 'aggregate',
  aggregation: 'avg',
  sql: { column },
  divisor,
});
/** A threshold drawn as a flat series beside its measure (Google's good and poor lines). */
const threshold = (name: string, label: string, value: number): Measure => ({
  name,
  label,
  format: 'number',
  kind: 'aggregate',
  aggregation: 'max',
  sql: { expression: String(value) },
  divisor: null,
});

const TABLE = 'pagespeed';

/** The model the report reads; `schema` is where the raw table is (the server's RAW_SCHEMA). */
export function pagespeedSemanticModel(schema: string): SemanticModel {
  return {
    name: PAGESPEED_MODEL,
    label: PAGESPEED_REPORT_NAME,
    tables: [
      {
        name: TABLE,
        label: 'PageSpeed',
        source: { schema, table: PAGESPEED_RESULTS_TABLE },
        timeDimension: 'date',
        dimensions: [
          { name: 'date', label: 'Date', type: 'date', sql: { column: 'date' }, grains: TIME_GRAINS },
          text('url', 'URL'),
          text('strategy', 'Strategy'),
          text('data_source', 'Data'),
          text('assessment', 'Core Web Vitals'),
        ],
        measures: [
          average('score', 'Performance score', 'performance_score'),
          average('lcp_s', 'LCP (s)', 'lcp_ms', 1000),
          average('inp_ms', 'INP (ms)', 'inp_ms'),
          average('cls', 'CLS', 'cls'),
          threshold(
            'lcp_good',
            `Good LCP (≤ ${CORE_WEB_VITALS_GOOD.lcpMs / 1000} s)`,
            CORE_WEB_VITALS_GOOD.lcpMs / 1000,
          ),
          threshold('inp_good', `Good INP (≤ ${CORE_WEB_VITALS_GOOD.inpMs} ms)`, CORE_WEB_VITALS_GOOD.inpMs),
          threshold('cls_good', `Good CLS (≤ ${CORE_WEB_VITALS_GOOD.cls})`, CORE_WEB_VITALS_GOOD.cls),
          threshold(
            'lcp_poor',
            `Poor LCP (> ${CORE_WEB_VITALS_POOR.lcpMs / 1000} s)`,
            CORE_WEB_VITALS_POOR.lcpMs / 1000,
          ),
          threshold('inp_poor', `Poor INP (> ${CORE_WEB_VITALS_POOR.inpMs} ms)`, CORE_WEB_VITALS_POOR.inpMs),
          threshold('cls_poor', `Poor CLS (> ${CORE_WEB_VITALS_POOR.cls})`, CORE_WEB_VITALS_POOR.cls),
          {
            name: 'search_clicks',
            label: 'Search clicks (28 days)',
            format: 'number',
            kind: 'aggregate',
            aggregation: 'max',
            sql: { column: 'search_clicks' },
            divisor: null,
          },
          {
            name: 'measurements',
            label: 'Measurements',
            format: 'number',
            kind: 'aggregate',
            aggregation: 'count',
            sql: null,
            divisor: null,
          },
        ],
      },
    ],
  };
}

/** Days the report opens with. */
const DEFAULT_DAYS = 30;

const kpi = (measure: string, x: number): Visual => ({
  id: `kpi-${measure}`,
  kind: 'kpi',
  title: null,
  table: TABLE,
  layout: at(x, 0, 3, 2),
  measure,
  comparison: 'previous_period',
});

const vitalLine = (id: string, title: string, measures: string[], x: number, y: number): Visual => ({
  id,
  kind: 'line',
  title,
  table: TABLE,
  layout: at(x, y, 6, 5),
  axis: dim('date', 'day'),
  legend: null,
  measures,
});

const list = (column: string): ReportFilter => ({
  id: `filter-${column}`,
  kind: 'list',
  table: TABLE,
  column,
  mode: 'include',
  values: [],
});

/** The report: KPIs, the URLs by search clicks, and the score and each vital over time. */
export function pagespeedReport(model: SemanticModel): ReportDocument {
  const visuals: Visual[] = [
    kpi('score', 0),
    kpi('lcp_s', 3),
    kpi('inp_ms', 6),
    kpi('cls', 9),
    {
      id: 'urls',
      kind: 'table',
      // The most clicked first: the slow pages that matter most stand out.
      title: 'URLs by search clicks',
      table: TABLE,
      layout: at(0, 2, 12, 8),
      dimensions: [dim('url'), dim('strategy'), dim('assessment'), dim('data_source')],
      measures: ['search_clicks', 'score', 'lcp_s', 'inp_ms', 'cls'],
      sort: [{ field: 'search_clicks', direction: 'desc' }],
      limit: 100,
      totals: false,
    },
    {
      id: 'score-by-url',
      kind: 'line',
      title: 'Performance score by URL',
      table: TABLE,
      layout: at(0, 10, 12, 5),
      axis: dim('date', 'day'),
      legend: dim('url'),
      measures: ['score'],
    },
    // Three series (the value, good and poor) share one axis: two would read on two scales.
    vitalLine('lcp', 'Largest Contentful Paint', ['lcp_s', 'lcp_good', 'lcp_poor'], 0, 15),
    vitalLine('inp', 'Interaction to Next Paint', ['inp_ms', 'inp_good', 'inp_poor'], 6, 15),
    vitalLine('cls', 'Cumulative Layout Shift', ['cls', 'cls_good', 'cls_poor'], 0, 20),
  ];
  const filters: ReportFilter[] = [
    {
      id: 'filter-date',
      kind: 'relative_date',
      table: TABLE,
      column: 'date',
      operator: 'in_the_last',
      count: DEFAULT_DAYS,
      unit: 'day',
    },
    list('url'),
    list('strategy'),
    list('assessment'),
    list('data_source'),
  ];
  return {
    version: 1,
    id: 'pagespeed',
    slug: PAGESPEED_REPORT_SLUG,
    name: PAGESPEED_REPORT_NAME,
    model: model.name,
    filters: [],
    pages: [{ name: 'overview', display_name: 'PageSpeed', visibility: 0, visuals, filters }],
  };
}
