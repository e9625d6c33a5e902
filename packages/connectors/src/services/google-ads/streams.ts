// The tables the Google Ads connector produces: daily reports per customer (client account). Money
// is `cost_micros`, an integer in millionths of the account currency (Google's own unit), beside
// `currency`, so sums reconcile to the cent.
import { DAY_ACCOUNT, paidSearchStream, strings } from '../../core/columns';
import type { StreamSchema } from '../../core/types';

export const CAMPAIGNS_STREAM = paidSearchStream({
  name: 'campaigns',
  description: 'Campaign performance by day (the campaign report).',
  keys: ['campaign_id', 'campaign_name', 'campaign_status', 'channel_type'],
  unique: ['campaign_id'],
});

export const AD_GROUPS_STREAM = paidSearchStream({
  name: 'ad_groups',
  description: 'Ad group performance by day. Per campaign and day they add up to the campaigns stream.',
  keys: ['campaign_id', 'ad_group_id', 'ad_group_name', 'ad_group_status', 'ad_group_type'],
  unique: ['ad_group_id'],
});

export const KEYWORDS_STREAM = paidSearchStream({
  name: 'keywords',
  description: 'Keyword performance by day (keyword_view), search ad groups only.',
  keys: ['campaign_id', 'ad_group_id', 'keyword_id', 'keyword_text', 'match_type', 'keyword_status'],
  unique: ['ad_group_id', 'keyword_id'],
});

export const SEARCH_TERMS_STREAM = paidSearchStream({
  name: 'search_terms',
  description: 'What people searched for when the ads showed (search_term_view), by day and match type.',
  keys: ['campaign_id', 'ad_group_id', 'search_term', 'match_type'],
  unique: ['campaign_id', 'ad_group_id', 'search_term', 'match_type'],
});

export const CONVERSION_ACTIONS_STREAM: StreamSchema = {
  name: 'conversion_actions',
  description:
    'Conversions by day, campaign and conversion action. Per campaign and day they add up to the ' +
    'conversions of the campaigns stream.',
  columns: [
    ...DAY_ACCOUNT,
    ...strings('campaign_id', 'conversion_action_id', 'conversion_action_name', 'conversion_action_category'),
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
