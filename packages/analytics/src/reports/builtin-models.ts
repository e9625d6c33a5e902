// The semantic models of the built-in reports, over the canonical models' tables (models/): `-maya`
// reads marketing performance, `-seo-v1` reads Search Console. Amounts are kept in micros by the
// models and shown in the currency's units here (divided by 1,000,000): in the organization's
// currency, converted per day, or in the account's own beside its `currency`.
import type { TimeGrain } from '@maya/contracts';
import { MODEL_SCHEMA } from '../models/build';
import { MARKETING_COSTS } from '../models/expenses';
import { MARKETING_PERFORMANCE } from '../models/marketing-performance';
import { rollupsFor } from '../models/rollups';
import { SEARCH_CONSOLE_QUERIES, SEARCH_CONSOLE_TOTALS } from '../models/search-console';
import type { Dimension, Measure, SemanticModel, SemanticTable } from './semantic-model';

const ALL_GRAINS: readonly TimeGrain[] = ['day', 'week', 'month', 'quarter', 'year'];
const MICROS = 1_000_000;

const text = (name: string, label: string, column = name): Dimension => ({
  name,
  label,
  type: 'string',
  sql: { column },
  grains: [],
});

const DATE: Dimension = {
  name: 'date',
  label: 'Date',
  type: 'date',
  sql: { column: 'date' },
  grains: ALL_GRAINS,
};

const sum = (name: string, label: string, column: string, format: Measure['format'] = 'number'): Measure => ({
  name,
  label,
  format,
  kind: 'aggregate',
  aggregation: 'sum',
  sql: { column },
  divisor: null,
});

/** An amount in the organization's currency, converted per day (never two currencies added). */
const amount = (name: string, label: string, microsColumn: string): Measure => ({
  name,
  label,
  format: 'currency',
  kind: 'aggregate',
  aggregation: 'sum',
  sql: { column: microsColumn },
  divisor: MICROS,
  money: { currency: 'currency', converted: true },
});

/** An amount in the rows' own currency: beside `currency`, NULL where rows of several add up. */
const ownAmount = (name: string, label: string, microsColumn: string): Measure => ({
  name,
  label,
  format: 'account_currency',
  kind: 'aggregate',
  aggregation: 'sum',
  sql: { column: microsColumn },
  divisor: MICROS,
  money: { currency: 'currency', converted: false },
});

const ratio = (
  name: string,
  label: string,
  numerator: string,
  denominator: string,
  format: Measure['format'],
): Measure => ({ name, label, format, kind: 'ratio', numerator, denominator });

/**
 * Where an ad's spend comes from: what both the performance and the costs tables are filtered by
 * (decision 430; expenses have none of them, so a filter on one leaves them out of the cost).
 */
const AD_LEVEL: readonly Dimension[] = [
  text('service', 'Service', 'source_service'),
  text('account', 'Account', 'account_id'),
  text('campaign', 'Campaign', 'campaign_name'),
  text('campaign_id', 'Campaign ID'),
  text('campaign_type', 'Campaign type'),
  text('ad_group', 'Ad group', 'ad_group_name'),
];

/** '' means none in the costs' key columns (expenses have no campaign): blank in reports, as NULL. */
const blankWhenEmpty = (d: Dimension): Dimension =>
  'column' in d.sql ? { ...d, sql: { expression: `NULLIF({${d.sql.column}}, '')` } } : d;

const performance: SemanticTable = {
  name: 'performance',
  label: 'Marketing performance',
  source: { schema: MODEL_SCHEMA, table: MARKETING_PERFORMANCE.name },
  timeDimension: 'date',
  dimensions: [DATE, text('channel', 'Channel'), ...AD_LEVEL, text('currency', 'Currency')],
  measures: [
    amount('spend', 'Spend', 'cost_micros'),
    sum('impressions', 'Impressions', 'impressions'),
    sum('clicks', 'Clicks', 'clicks'),
    ratio('ctr', 'CTR', 'clicks', 'impressions', 'percent'),
    ratio('cpc', 'CPC', 'spend', 'clicks', 'currency'),
    sum('conversions', 'Conversions', 'conversions'),
    ratio('conversion_rate', 'Conversion rate', 'conversions', 'clicks', 'percent'),
    ratio('cpa', 'CPA', 'spend', 'conversions', 'currency'),
    amount('conversion_value', 'Conversion value', 'conversion_value_micros'),
    ratio('roas', 'ROAS', 'conversion_value', 'spend', 'number'),
    // Last: a detail beside the converted spend (the Accounts table), not a metric to suggest.
    ownAmount('account_spend', 'Spend (account currency)', 'cost_micros'),
  ],
  packed: [{ column: 'channel_campaign', dimensions: ['channel', 'campaign'] }],
  sourceDimensions: ['service', 'account'],
  rollups: rollupsFor(MARKETING_PERFORMANCE),
};

/**
 * Ad spend and marketing-related manual expenses together (decision 386): the total marketing
 * cost, each row converted on its day (never two currencies added), and CPA and ROAS on it. The
 * ad spend rows carry the ad-level dimensions and the cluster columns (decision 430).
 */
const costs: SemanticTable = {
  name: 'costs',
  label: 'Marketing cost',
  source: { schema: MODEL_SCHEMA, table: MARKETING_COSTS.name },
  timeDimension: 'date',
  dimensions: [
    DATE,
    text('channel', 'Channel'),
    text('cost_type', 'Cost type'),
    ...AD_LEVEL.map(blankWhenEmpty),
    text('currency', 'Currency'),
  ],
  measures: [
    amount('marketing_cost', 'Marketing cost', 'cost_micros'),
    sum('conversions', 'Conversions', 'conversions'),
    amount('conversion_value', 'Conversion value', 'conversion_value_micros'),
    ratio('marketing_cpa', 'CPA (marketing cost)', 'marketing_cost', 'conversions', 'currency'),
    ratio('marketing_roas', 'ROAS (marketing cost)', 'conversion_value', 'marketing_cost', 'number'),
  ],
  // Each ad account's rows are a source, and the manual expenses (no service, no account) one
  // more: a KPI's comparison is withheld when an account connected after its previous period.
  sourceDimensions: ['service', 'account'],
  rollups: rollupsFor(MARKETING_COSTS),
};

/** `-maya`: marketing performance across channels, and the total marketing cost. */
export const MARKETING_SEMANTIC_MODEL: SemanticModel = {
  name: 'marketing',
  label: 'Marketing performance',
  tables: [performance, costs],
};

const searchMeasures: readonly Measure[] = [
  sum('clicks', 'Clicks', 'clicks'),
  sum('impressions', 'Impressions', 'impressions'),
  ratio('ctr', 'CTR', 'clicks', 'impressions', 'percent'),
  // The impression-weighted average position: sum(position × impressions) / sum(impressions).
  sum('position_impressions', 'Position × impressions', 'sum_position'),
  ratio('position', 'Position', 'position_impressions', 'impressions', 'number'),
];

const searchDimensions: readonly Dimension[] = [
  DATE,
  text('country', 'Country'),
  text('device', 'Device'),
  text('property', 'Property', 'account_id'),
];

/** `-seo-v1`: Google Search Console by query, page and country. */
export const SEARCH_SEMANTIC_MODEL: SemanticModel = {
  name: 'search',
  label: 'Organic search',
  tables: [
    {
      name: 'queries',
      label: 'Search queries',
      source: { schema: MODEL_SCHEMA, table: SEARCH_CONSOLE_QUERIES.name },
      timeDimension: 'date',
      dimensions: [...searchDimensions, text('query', 'Query'), text('page', 'Page')],
      measures: searchMeasures,
      sourceDimensions: ['property'],
      // Google leaves anonymized queries out of the per-query rows: below the totals' numbers.
      partial: 'anonymized_queries',
    },
    {
      // Totals include the anonymized queries Google leaves out of the per-query rows.
      name: 'totals',
      label: 'Search totals',
      source: { schema: MODEL_SCHEMA, table: SEARCH_CONSOLE_TOTALS.name },
      timeDimension: 'date',
      dimensions: searchDimensions,
      measures: searchMeasures,
      sourceDimensions: ['property'],
    },
  ],
};

export const BUILTIN_SEMANTIC_MODELS: readonly SemanticModel[] = [
  MARKETING_SEMANTIC_MODEL,
  SEARCH_SEMANTIC_MODEL,
];
