// The tables the Google Ads connector produces: daily reports per customer (client account). Money
// is `cost_micros`, an integer in millionths of the account currency (Google's own unit), beside
// `currency`, so sums reconcile to the cent.
import type { StreamColumn, StreamSchema } from '../../core/types';

const performance: StreamColumn[] = [
  { name: 'impressions', type: 'integer' },
  { name: 'clicks', type: 'integer' },
  { name: 'cost_micros', type: 'integer' },
  /** Google counts fractional conversions (data-driven attribution). */
  { name: 'conversions', type: 'number' },
  /** In the account currency (a decimal, as Google reports it). */
  { name: 'conversions_value', type: 'number' },
  { name: 'currency', type: 'string' },
];

const keys = (...names: string[]): StreamColumn[] => names.map((name) => ({ name, type: 'string' }));
const day: StreamColumn[] = [
  { name: 'date', type: 'date' },
  { name: 'account_id', type: 'string' },
];

export const CAMPAIGNS_STREAM: StreamSchema = {
  name: 'campaigns',
  description: 'Campaign performance by day (the campaign report).',
  columns: [
    ...day,
    ...keys('campaign_id', 'campaign_name', 'campaign_status', 'channel_type'),
    ...performance,
  ],
  primaryKey: ['account_id', 'date', 'campaign_id'],
};

export const AD_GROUPS_STREAM: StreamSchema = {
  name: 'ad_groups',
  description: 'Ad group performance by day. Per campaign and day they add up to the campaigns stream.',
  columns: [
    ...day,
    ...keys('campaign_id', 'ad_group_id', 'ad_group_name', 'ad_group_status', 'ad_group_type'),
    ...performance,
  ],
  primaryKey: ['account_id', 'date', 'ad_group_id'],
};

export const KEYWORDS_STREAM: StreamSchema = {
  name: 'keywords',
  description: 'Keyword performance by day (keyword_view), search ad groups only.',
  columns: [
    ...day,
    ...keys('campaign_id', 'ad_group_id', 'keyword_id', 'keyword_text', 'match_type', 'keyword_status'),
    ...performance,
  ],
  primaryKey: ['account_id', 'date', 'ad_group_id', 'keyword_id'],
};

export const SEARCH_TERMS_STREAM: StreamSchema = {
  name: 'search_terms',
  description: 'What people searched for when the ads showed (search_term_view), by day and match type.',
  columns: [...day, ...keys('campaign_id', 'ad_group_id', 'search_term', 'match_type'), ...performance],
  primaryKey: ['account_id', 'date', 'campaign_id', 'ad_group_id', 'search_term', 'match_type'],
};

export const CONVERSION_ACTIONS_STREAM: StreamSchema = {
  name: 'conversion_actions',
  description:
    'Conversions by day, campaign and conversion action. Per campaign and day they add up to the ' +
    'conversions of the campaigns stream.',
  columns: [
    ...day,
    ...keys('campaign_id', 'conversion_action_id', 'conversion_action_name', 'conversion_action_category'),
    { name: 'conversions', type: 'number' },
    { name: 'conversions_value', type: 'number' },
    { name: 'currency', type: 'string' },
  ],
  primaryKey: ['account_id', 'date', 'campaign_id', 'conversion_action_id'],
};

export const GOOGLE_ADS_STREAMS: StreamSchema[] = [
  CAMPAIGNS_STREAM,
  AD_GROUPS_STREAM,
  KEYWORDS_STREAM,
  SEARCH_TERMS_STREAM,
  CONVERSION_ACTIONS_STREAM,
];
