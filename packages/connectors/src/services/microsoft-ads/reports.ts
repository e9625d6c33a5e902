// The report the connector requests for each stream (type and columns, Daily, Csv, FormatVersion
// 2.0) and how one report record becomes a stream row. Columns are read by their header name,
// so their order in the file does not matter.
// https://learn.microsoft.com/advertising/reporting-service/reporting-data-objects
import { ProviderError } from '../../core/errors';
import type { Row } from '../../core/types';
import { reportMoneyToMicros } from './api';
import { AD_GROUPS_STREAM, CAMPAIGNS_STREAM, KEYWORDS_STREAM, SEARCH_TERMS_STREAM } from './streams';

export const PROVIDER = 'Microsoft Advertising';

/** Reads a column of the current record by its header name ('' when the report lacks it). */
export type Field = (column: string) => string;

export type ReportSpec = {
  stream: string;
  /** The ReportRequest's derived type, named in `Type` by the REST interface. */
  type: string;
  columns: string[];
  row: (field: Field) => Row;
};

const METRICS = ['Impressions', 'Clicks', 'Spend', 'ConversionsQualified', 'Revenue', 'CurrencyCode'];

const count = (text: string) => (text === '' || text === '--' ? 0 : Number(text.replace(/,/g, '')));

function money(text: string, column: string): number {
  const micros = reportMoneyToMicros(text);
  if (micros === null)
    throw new ProviderError('provider', `The report has an unreadable ${column}: ${text}`, 200, PROVIDER);
  return micros;
}

function performance(field: Field) {
  return {
    impressions: count(field('Impressions')),
    clicks: count(field('Clicks')),
    cost_micros: money(field('Spend'), 'Spend'),
    conversions: count(field('ConversionsQualified')),
    // In currency units, as Google's conversions_value: micros / 1e6 keeps the report's decimals.
    conversions_value: money(field('Revenue'), 'Revenue') / 1_000_000,
    currency: field('CurrencyCode'),
  };
}

const base = (field: Field) => ({ date: field('TimePeriod'), account_id: field('AccountId') });

export const REPORTS: ReportSpec[] = [
  {
    stream: CAMPAIGNS_STREAM.name,
    type: 'CampaignPerformanceReportRequest',
    columns: [
      'TimePeriod',
      'AccountId',
      'CampaignId',
      'CampaignName',
      'CampaignStatus',
      'CampaignType',
      ...METRICS,
    ],
    row: (field) => ({
      ...base(field),
      campaign_id: field('CampaignId'),
      campaign_name: field('CampaignName'),
      campaign_status: field('CampaignStatus'),
      campaign_type: field('CampaignType'),
      ...performance(field),
    }),
  },
  {
    stream: AD_GROUPS_STREAM.name,
    type: 'AdGroupPerformanceReportRequest',
    columns: ['TimePeriod', 'AccountId', 'CampaignId', 'AdGroupId', 'AdGroupName', 'Status', ...METRICS],
    row: (field) => ({
      ...base(field),
      campaign_id: field('CampaignId'),
      ad_group_id: field('AdGroupId'),
      ad_group_name: field('AdGroupName'),
      ad_group_status: field('Status'),
      ...performance(field),
    }),
  },
  {
    stream: KEYWORDS_STREAM.name,
    type: 'KeywordPerformanceReportRequest',
    columns: [
      'TimePeriod',
      'AccountId',
      'CampaignId',
      'AdGroupId',
      'KeywordId',
      'Keyword',
      'BidMatchType',
      'KeywordStatus',
      ...METRICS,
    ],
    row: (field) => ({
      ...base(field),
      campaign_id: field('CampaignId'),
      ad_group_id: field('AdGroupId'),
      keyword_id: field('KeywordId'),
      keyword_text: field('Keyword'),
      match_type: field('BidMatchType'),
      keyword_status: field('KeywordStatus'),
      ...performance(field),
    }),
  },
  {
    stream: SEARCH_TERMS_STREAM.name,
    type: 'SearchQueryPerformanceReportRequest',
    columns: [
      'TimePeriod',
      'AccountId',
      'CampaignId',
      'AdGroupId',
      'SearchQuery',
      'DeliveredMatchType',
      ...METRICS,
    ],
    row: (field) => ({
      ...base(field),
      campaign_id: field('CampaignId'),
      ad_group_id: field('AdGroupId'),
      search_term: field('SearchQuery'),
      match_type: field('DeliveredMatchType'),
      ...performance(field),
    }),
  },
];
