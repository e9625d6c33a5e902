// The tables the Microsoft Advertising connector produces: daily reports per account, with the
// column conventions of Google Ads (cost_micros in millionths of the account currency, exact from
// Microsoft's decimal Spend, beside `currency`).
import { paidSearchStream } from '../../core/columns';
import type { StreamSchema } from '../../core/types';

export const CAMPAIGNS_STREAM = paidSearchStream({
  name: 'campaigns',
  description: 'Campaign performance by day (campaign performance report).',
  keys: ['campaign_id', 'campaign_name', 'campaign_status', 'campaign_type'],
  unique: ['campaign_id'],
});

export const AD_GROUPS_STREAM = paidSearchStream({
  name: 'ad_groups',
  description: 'Ad group performance by day. Per campaign and day they add up to the campaigns stream.',
  keys: ['campaign_id', 'ad_group_id', 'ad_group_name', 'ad_group_status'],
  unique: ['ad_group_id'],
});

export const KEYWORDS_STREAM = paidSearchStream({
  name: 'keywords',
  description: 'Keyword performance by day (keyword performance report), search ad groups only.',
  keys: ['campaign_id', 'ad_group_id', 'keyword_id', 'keyword_text', 'match_type', 'keyword_status'],
  unique: ['ad_group_id', 'keyword_id'],
});

export const SEARCH_TERMS_STREAM = paidSearchStream({
  name: 'search_terms',
  description:
    'What people searched for when the ads showed (search query report), by day and delivered match type.',
  keys: ['campaign_id', 'ad_group_id', 'search_term', 'match_type'],
  unique: ['campaign_id', 'ad_group_id', 'search_term', 'match_type'],
});

export const MICROSOFT_ADS_STREAMS: StreamSchema[] = [
  CAMPAIGNS_STREAM,
  AD_GROUPS_STREAM,
  KEYWORDS_STREAM,
  SEARCH_TERMS_STREAM,
];
