// The Competitors report: the competition reports job's monthly shares (the server's competitors
// module writes `raw.competitors__domains`, one row per report, month and domain) as a semantic
// model and a built-in report over it. Per competing domain: share of voice (organic, weighted by
// a position click-through curve; paid, by appearance rate), average position, the terms won and
// lost against the organization's own domain, and the month-over-month movement. Filterable like
// any report (by competition report, country, domain, own domain or competitor).
import {
  COMPETITORS_REPORT_NAME,
  COMPETITORS_REPORT_SLUG,
  TIME_GRAINS,
  type ReportDocument,
  type ReportFilter,
  type Visual,
} from '@maya/contracts';
import type { TableSchema } from '@maya/warehouse/interface';
import { at, dim } from './builtin-reports';
import type { Dimension, Measure, SemanticModel } from './semantic-model';

export const COMPETITORS_DOMAINS_TABLE = 'competitors__domains';
export const COMPETITORS_MODEL = 'competitors';

/** `raw.competitors__domains`: one row per report, month and domain; a month's rows are replaced whole. */
export const COMPETITORS_DOMAINS: TableSchema = {
  name: COMPETITORS_DOMAINS_TABLE,
  columns: [
    { name: 'report_id', type: 'string', nullable: false },
    /** The first day of the month computed. */
    { name: 'month', type: 'date', nullable: false },
    { name: 'domain', type: 'string', nullable: false },
    /** What the report is of (account and country), as the filter lists it. */
    { name: 'report_name', type: 'string', nullable: false },
    { name: 'country', type: 'string', nullable: false },
    /** 'Own domain' or 'Competitor'. */
    { name: 'domain_role', type: 'string', nullable: false },
    /** Search terms looked at that month. */
    { name: 'terms', type: 'integer', nullable: false },
    { name: 'organic_terms', type: 'integer', nullable: false },
    { name: 'paid_terms', type: 'integer', nullable: false },
    /** 0 to 1. */
    { name: 'organic_share', type: 'double', nullable: false },
    { name: 'paid_share', type: 'double', nullable: false },
    { name: 'avg_position', type: 'double', nullable: true },
    /** Terms where the organization's domain ranks above this one (null: no own domain). */
    { name: 'terms_won', type: 'integer', nullable: true },
    { name: 'terms_lost', type: 'integer', nullable: true },
    /** The organic share minus the previous month's (null: not seen the month before). */
    { name: 'organic_share_change', type: 'double', nullable: true },
    /** The average position minus the previous month's (negative: moved up). */
    { name: 'avg_position_change', type: 'double', nullable: true },
    { name: 'computed_at', type: 'timestamp', nullable: false },
  ],
  primaryKey: ['report_id', 'month', 'domain'],
};

const text = (name: string, label: string): Dimension => ({
  name,
  label,
  type: 'string',
  sql: { column: name },
  grains: [],
});
const measure = (
  name: string,
  label: string,
  aggregation: 'avg' | 'sum',
  column: string,
  format: 'percent' | 'number' = 'number',
): Measure => ({ name, label, format, kind: 'aggregate', aggregation, sql: { column }, divisor: null });

const TABLE = 'competitors';

/** The model the report reads; `schema` is where the raw table is (the server's RAW_SCHEMA). */
export function competitorsSemanticModel(schema: string): SemanticModel {
  return {
    name: COMPETITORS_MODEL,
    label: COMPETITORS_REPORT_NAME,
    tables: [
      {
        name: TABLE,
        label: 'Competitors',
        source: { schema, table: COMPETITORS_DOMAINS_TABLE },
        timeDimension: 'month',
        dimensions: [
          { name: 'month', label: 'Month', type: 'date', sql: { column: 'month' }, grains: TIME_GRAINS },
          text('domain', 'Domain'),
          text('report_name', 'Competition report'),
          text('country', 'Country'),
          text('domain_role', 'Role'),
        ],
        measures: [
          measure('share_of_voice', 'Share of voice', 'avg', 'organic_share', 'percent'),
          measure('paid_share', 'Paid share of voice', 'avg', 'paid_share', 'percent'),
          measure('share_change', 'Share of voice change', 'avg', 'organic_share_change', 'percent'),
          measure('avg_position', 'Average position', 'avg', 'avg_position'),
          measure('position_change', 'Position change', 'avg', 'avg_position_change'),
          measure('terms_won', 'Terms won', 'sum', 'terms_won'),
          measure('terms_lost', 'Terms lost', 'sum', 'terms_lost'),
          measure('organic_terms', 'Terms ranked', 'sum', 'organic_terms'),
          measure('paid_terms', 'Terms with ads', 'sum', 'paid_terms'),
        ],
      },
    ],
  };
}

const list = (column: string): ReportFilter => ({
  id: `filter-${column}`,
  kind: 'list',
  table: TABLE,
  column,
  mode: 'include',
  values: [],
});

/** The report: share of voice by domain (chart and table) and its movement month by month. */
export function competitorsReport(model: SemanticModel): ReportDocument {
  const visuals: Visual[] = [
    {
      id: 'share-by-domain',
      kind: 'bar',
      title: 'Share of voice by domain',
      table: TABLE,
      layout: at(0, 0, 6, 7),
      axis: dim('domain'),
      legend: null,
      measures: ['share_of_voice', 'paid_share'],
      sort: [{ field: 'share_of_voice', direction: 'desc' }],
      limit: 12,
    },
    {
      id: 'share-by-month',
      kind: 'line',
      title: 'Share of voice by month',
      table: TABLE,
      layout: at(6, 0, 6, 7),
      axis: dim('month', 'month'),
      legend: dim('domain'),
      measures: ['share_of_voice'],
    },
    {
      id: 'domains',
      kind: 'table',
      title: 'Competing domains',
      table: TABLE,
      layout: at(0, 7, 12, 9),
      dimensions: [dim('domain'), dim('domain_role')],
      measures: [
        'share_of_voice',
        'share_change',
        'paid_share',
        'avg_position',
        'position_change',
        'terms_won',
        'terms_lost',
        'organic_terms',
      ],
      sort: [{ field: 'share_of_voice', direction: 'desc' }],
      limit: 100,
      totals: false,
    },
  ];
  const filters: ReportFilter[] = [
    {
      id: 'filter-month',
      kind: 'relative_date',
      table: TABLE,
      column: 'month',
      operator: 'in_the_last',
      count: 12,
      unit: 'month',
    },
    list('report_name'),
    list('country'),
    list('domain'),
    list('domain_role'),
  ];
  return {
    version: 1,
    id: 'competitors',
    slug: COMPETITORS_REPORT_SLUG,
    name: COMPETITORS_REPORT_NAME,
    model: model.name,
    filters: [],
    pages: [{ name: 'overview', display_name: 'Competitors', visibility: 0, visuals, filters }],
  };
}
