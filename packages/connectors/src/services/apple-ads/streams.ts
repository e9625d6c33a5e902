// The tables the Apple Ads connector loads, and how a report row's daily `granularity` entries
// become their rows: spend in micros of the org currency, taps as clicks, installs as conversions.
import { ACCOUNT_DAY, strings, integers } from '../../core/columns';
import type { Row, StreamColumn, StreamSchema } from '../../core/types';
import { decimalToMicros } from '../../core/money';

const metrics: StreamColumn[] = [
  { name: 'currency', type: 'string' },
  ...integers(
    'cost_micros',
    'impressions',
    'clicks',
    'conversions',
    'tap_installs',
    'view_installs',
    'new_downloads',
    'redownloads',
  ),
];

export const APPLE_STREAMS = {
  campaigns: {
    name: 'campaigns',
    description: 'Daily metrics per campaign (POST /reports/campaigns, granularity DAILY).',
    columns: [
      ...ACCOUNT_DAY,
      ...strings('campaign_id', 'campaign_name'),
      { name: 'campaign_status', type: 'string', nullable: true },
      { name: 'app_name', type: 'string', nullable: true },
      { name: 'adam_id', type: 'string', nullable: true },
      // SEARCH or DISPLAY; the placement (search results, search tab, Today tab, product pages).
      { name: 'ad_channel_type', type: 'string', nullable: true },
      { name: 'supply_source', type: 'string', nullable: true },
      ...metrics,
    ],
    primaryKey: ['account_id', 'date', 'campaign_id'],
  },
  ad_groups: {
    name: 'ad_groups',
    description: 'Daily metrics per ad group (POST /reports/campaigns/{campaignId}/adgroups).',
    columns: [
      ...ACCOUNT_DAY,
      ...strings('campaign_id', 'ad_group_id', 'ad_group_name'),
      { name: 'ad_group_status', type: 'string', nullable: true },
      ...metrics,
    ],
    primaryKey: ['account_id', 'date', 'ad_group_id'],
  },
  keywords: {
    name: 'keywords',
    description: 'Daily metrics per bidded keyword (POST /reports/campaigns/{campaignId}/keywords).',
    columns: [
      ...ACCOUNT_DAY,
      ...strings('campaign_id', 'ad_group_id', 'keyword_id', 'keyword', 'match_type'),
      ...metrics,
    ],
    primaryKey: ['account_id', 'date', 'keyword_id'],
  },
  search_terms: {
    name: 'search_terms',
    description:
      'Daily metrics per search term (POST /reports/campaigns/{campaignId}/searchterms). Search Match ' +
      "terms matched no bidded keyword: source AUTO, keyword_id '' and keyword null.",
    columns: [
      ...ACCOUNT_DAY,
      ...strings('campaign_id', 'ad_group_id', 'search_term_source', 'keyword_id'),
      { name: 'keyword', type: 'string', nullable: true },
      { name: 'match_type', type: 'string', nullable: true },
      { name: 'search_term', type: 'string' },
      ...metrics,
    ],
    primaryKey: ['account_id', 'date', 'ad_group_id', 'search_term_source', 'keyword_id', 'search_term'],
  },
} as const satisfies Record<string, StreamSchema>;

type Money = { amount: string; currency: string };

/** One `granularity` entry of a report row (Apple's SpendRow with its date). */
export type AppleDay = {
  date: string;
  impressions?: number;
  taps?: number;
  localSpend?: Money;
  tapInstalls?: number;
  viewInstalls?: number;
  totalInstalls?: number;
  totalNewDownloads?: number;
  totalRedownloads?: number;
};

export type AppleReportRow = { granularity?: AppleDay[]; metadata: Record<string, unknown> };

const id = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '');
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The daily metrics of an entry; the org currency stands in when Apple leaves out a zero spend. */
export function metricsOf(entry: AppleDay, orgCurrency: string): Row {
  const tapInstalls = entry.tapInstalls ?? 0;
  const viewInstalls = entry.viewInstalls ?? 0;
  return {
    currency: entry.localSpend?.currency ?? orgCurrency,
    cost_micros: entry.localSpend ? decimalToMicros(entry.localSpend.amount) : 0,
    impressions: entry.impressions ?? 0,
    clicks: entry.taps ?? 0,
    conversions: entry.totalInstalls ?? tapInstalls + viewInstalls,
    tap_installs: tapInstalls,
    view_installs: viewInstalls,
    new_downloads: entry.totalNewDownloads ?? 0,
    redownloads: entry.totalRedownloads ?? 0,
  };
}

export type Level = 'campaigns' | 'adgroups' | 'keywords' | 'searchterms';

/** The dimension columns of a report row's metadata, by level. */
export function dimensionsOf(level: Level, campaignId: string, metadata: Record<string, unknown>): Row {
  switch (level) {
    case 'campaigns': {
      const app = (metadata.app ?? {}) as { appName?: unknown; adamId?: unknown };
      return {
        campaign_id: id(metadata.campaignId),
        campaign_name: text(metadata.campaignName) ?? '',
        campaign_status: text(metadata.campaignStatus),
        app_name: text(app.appName),
        adam_id: app.adamId === undefined ? null : id(app.adamId),
        ad_channel_type: text(metadata.adChannelType),
        // A campaign runs in one placement (Apple Ads campaign `supplySources`, one entry).
        supply_source: Array.isArray(metadata.supplySources) ? text(metadata.supplySources[0]) : null,
      };
    }
    case 'adgroups':
      return {
        campaign_id: campaignId,
        ad_group_id: id(metadata.adGroupId),
        ad_group_name: text(metadata.adGroupName) ?? '',
        ad_group_status: text(metadata.adGroupStatus),
      };
    case 'keywords':
      return {
        campaign_id: campaignId,
        ad_group_id: id(metadata.adGroupId),
        keyword_id: id(metadata.keywordId),
        keyword: text(metadata.keyword) ?? '',
        match_type: text(metadata.matchType) ?? '',
      };
    case 'searchterms':
      return {
        campaign_id: campaignId,
        ad_group_id: id(metadata.adGroupId),
        search_term_source: text(metadata.searchTermSource) ?? 'TARGETED',
        keyword_id: id(metadata.keywordId),
        keyword: text(metadata.keyword),
        match_type: text(metadata.matchType),
        search_term: text(metadata.searchTermText) ?? '',
      };
    default:
      throw new Error(`unknown level ${String(level satisfies never)}`);
  }
}
