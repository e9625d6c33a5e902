// The tables the Microsoft Advertising connector produces: daily reports per account, with the
// column conventions of Google Ads (cost_micros in millionths of the account currency, exact from
// Microsoft's decimal Spend, beside `currency`).
import type { StreamColumn, StreamSchema } from '../../core/types';

const performance: StreamColumn[] = [
  { name: 'impressions', type: 'integer' },
  { name: 'clicks', type: 'integer' },
  { name: 'cost_micros', type: 'integer' },
  /** ConversionsQualified: fractional with partial offline conversions. */
  { name: 'conversions', type: 'number' },
  /** Revenue, in the account currency. */
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
  description: 'Campaign performance by day (campaign performance report).',
  columns: [
    ...day,
    ...keys('campaign_id', 'campaign_name', 'campaign_status', 'campaign_type'),
    ...performance,
  ],
  primaryKey: ['account_id', 'date', 'campaign_id'],
};

export const AD_GROUPS_STREAM: StreamSchema = {
  name: 'ad_groups',
  description: 'Ad group performance by day. Per campaign and day they add up to the campaigns stream.',
  columns: [
    ...day,
    ...keys('campaign_id', 'ad_group_id', 'ad_group_name', 'ad_group_status'),
    ...performance,
  ],
  primaryKey: ['account_id', 'date', 'ad_group_id'],
};

export const KEYWORDS_STREAM: StreamSchema = {
  name: 'keywords',
  description: 'Keyword performance by day (keyword performance report), search ad groups only.',
  columns: [
    ...day,
    ...keys('campaign_id', 'ad_group_id', 'keyword_id', 'keyword_text', 'match_type', 'keyword_status'),
    ...performance,
  ],
  primaryKey: ['account_id', 'date', 'ad_group_id', 'keyword_id'],
};

export const SEARCH_TERMS_STREAM: StreamSchema = {
  name: 'search_terms',
  description:
    'What people searched for when the ads showed (search query report), by day and delivered match type.',
  columns: [...day, ...keys('campaign_id', 'ad_group_id', 'search_term', 'match_type'), ...performance],
  primaryKey: ['account_id', 'date', 'campaign_id', 'ad_group_id', 'search_term', 'match_type'],
};

export const MICROSOFT_ADS_STREAMS: StreamSchema[] = [
  CAMPAIGNS_STREAM,
  AD_GROUPS_STREAM,
  KEYWORDS_STREAM,
  SEARCH_TERMS_STREAM,
];
