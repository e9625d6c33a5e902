// Where each cluster category's previews read in the canonical model (docs/data-model.md): the
// table, the columns that name one item, and the measures summed. The clusters API passes one
// of these (or its own, for a category it adds) to the preview functions.
import { MODEL_SCHEMA } from '../models/build';
import type { PreviewMeasure, PreviewSource } from './preview-sql';

export type ClusterCategory = 'adgroups' | 'conversions' | 'urls' | 'budget' | 'keywords' | 'searchTerms';

const COST: PreviewMeasure = { name: 'Cost', column: 'cost_micros', type: 'money' };
const IMPRESSIONS: PreviewMeasure = { name: 'Impressions', column: 'impressions', type: 'numeric' };
const CLICKS: PreviewMeasure = { name: 'Clicks', column: 'clicks', type: 'numeric' };
const CONVERSIONS: PreviewMeasure = { name: 'Conversions', column: 'conversions', type: 'numeric' };
const CONVERSION_VALUE: PreviewMeasure = {
  name: 'Conversion value',
  column: 'conversion_value_micros',
  type: 'money',
};
const AD_METRICS = [COST, IMPRESSIONS, CLICKS, CONVERSIONS, CONVERSION_VALUE];

export const CLUSTER_PREVIEW_SOURCES: Readonly<Record<ClusterCategory, PreviewSource>> = {
  adgroups: {
    schema: MODEL_SCHEMA,
    table: 'marketing_performance',
    itemColumns: [
      { name: 'Campaign', column: 'campaign_name' },
      { name: 'Ad group', column: 'ad_group_name' },
    ],
    measures: AD_METRICS,
    currencyColumn: 'currency',
  },
  conversions: {
    schema: MODEL_SCHEMA,
    table: 'conversions',
    itemColumns: [
      { name: 'Conversion name', column: 'conversion_name' },
      { name: 'Source', column: 'source_service' },
    ],
    measures: [CONVERSIONS, CONVERSION_VALUE],
    currencyColumn: 'currency',
  },
  urls: {
    schema: MODEL_SCHEMA,
    table: 'landing_pages',
    itemColumns: [{ name: 'URL', column: 'url' }],
    measures: [CLICKS, IMPRESSIONS],
    currencyColumn: null,
  },
  budget: {
    schema: MODEL_SCHEMA,
    table: 'budgets',
    itemColumns: [
      { name: 'Channel', column: 'channel' },
      { name: 'Campaign ID', column: 'campaign_id' },
    ],
    measures: [{ name: 'Budget', column: 'budget_micros', type: 'money' }],
    currencyColumn: 'currency',
  },
  keywords: {
    schema: MODEL_SCHEMA,
    table: 'keywords',
    itemColumns: [
      { name: 'Keyword', column: 'keyword_text' },
      { name: 'Match type', column: 'match_type' },
    ],
    measures: AD_METRICS,
    currencyColumn: 'currency',
  },
  searchTerms: {
    schema: MODEL_SCHEMA,
    table: 'search_terms',
    itemColumns: [{ name: 'Search term', column: 'search_term' }],
    measures: AD_METRICS,
    currencyColumn: 'currency',
  },
};
