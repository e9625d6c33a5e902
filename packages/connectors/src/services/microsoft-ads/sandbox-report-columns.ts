// The report types and columns the sandbox serves: the attribute columns that group a report's
// rows and the performance statistics summed over them, with Microsoft's value formats
// (FormatVersion 2.0: no thousands separators, two decimals).
// https://learn.microsoft.com/advertising/reporting-service/campaignperformancereportcolumn
import type { BaseRow } from './sandbox-metrics';

export const REPORT_TYPES = {
  CampaignPerformanceReportRequest: { queriesOnly: false, extra: [] as string[] },
  AdGroupPerformanceReportRequest: { queriesOnly: false, extra: ['AdGroupId', 'AdGroupName', 'Status'] },
  KeywordPerformanceReportRequest: {
    queriesOnly: true,
    extra: [
      'AdGroupId',
      'AdGroupName',
      'KeywordId',
      'Keyword',
      'BidMatchType',
      'KeywordStatus',
      'DeliveredMatchType',
    ],
  },
  SearchQueryPerformanceReportRequest: {
    queriesOnly: true,
    extra: [
      'AdGroupId',
      'AdGroupName',
      'KeywordId',
      'Keyword',
      'BidMatchType',
      'SearchQuery',
      'DeliveredMatchType',
    ],
  },
};
export type ReportType = keyof typeof REPORT_TYPES;

export const ATTRIBUTES: Record<string, (row: BaseRow) => string> = {
  AccountId: (r) => String(r.account.id),
  AccountName: (r) => r.account.name,
  AccountNumber: (r) => r.account.number,
  CurrencyCode: (r) => r.account.currency,
  CampaignId: (r) => String(r.campaign.id),
  CampaignName: (r) => r.campaign.name,
  CampaignStatus: (r) => r.campaign.status,
  CampaignType: (r) => r.campaign.type,
  AdGroupId: (r) => String(r.adGroup.id),
  AdGroupName: (r) => r.adGroup.name,
  Status: (r) => r.adGroup.status,
  KeywordId: (r) => String(r.keyword?.id ?? ''),
  Keyword: (r) => r.keyword?.text ?? '',
  BidMatchType: (r) => r.keyword?.matchType ?? '',
  KeywordStatus: () => 'Active',
  SearchQuery: (r) => r.query?.text ?? '',
  DeliveredMatchType: (r) => r.query?.deliveredMatchType ?? '',
};
export const COMMON = [
  'AccountId',
  'AccountName',
  'AccountNumber',
  'CurrencyCode',
  'CampaignId',
  'CampaignName',
];
export const CAMPAIGN = ['CampaignStatus', 'CampaignType'];

export type Sums = {
  impressions: number;
  clicks: number;
  spendCents: number;
  halves: number;
  revenueCents: number;
};
const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
export const METRICS: Record<string, (s: Sums) => string> = {
  Impressions: (s) => String(s.impressions),
  Clicks: (s) => String(s.clicks),
  Spend: (s) => money(s.spendCents),
  ConversionsQualified: (s) => (s.halves / 2).toFixed(2),
  Revenue: (s) => money(s.revenueCents),
  Ctr: (s) => (s.impressions === 0 ? '0.00' : ((100 * s.clicks) / s.impressions).toFixed(2)),
  AverageCpc: (s) => (s.clicks === 0 ? '0.00' : money(Math.round(s.spendCents / s.clicks))),
};
