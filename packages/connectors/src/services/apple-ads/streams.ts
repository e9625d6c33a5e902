// The tables the Apple Ads connector loads, and how a Platform API report row's daily
// `granularMetrics` entries become their rows: spend in micros of the org currency, taps as clicks, installs as conversions.
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
    description: 'Daily metrics per campaign (POST /v1/reports/apps/campaigns/query, granularity DAILY).',
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
    description: 'Daily metrics per ad group (POST /v1/reports/apps/adgroups/query).',
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
    description: 'Daily metrics per bidded keyword (POST /v1/reports/apps/keywords/query).',
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
      'Daily metrics per search term (POST /v1/reports/apps/searchterms/query). Search Match ' +
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

/** One `granularMetrics` entry of a report row (its metrics and date). */
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

export type AppleReportRow = {
  granularMetrics?: AppleDay[];
  totalMetrics?: Omit<AppleDay, 'date'>;
  metadata: Record<string, unknown>;
};

const id = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '');
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The daily metrics of an entry; the account currency stands in when Apple leaves out a zero spend. */
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

/** The dimension columns of a report row's metadata (AppsReportingCampaign, ...), by level. */
export function dimensionsOf(level: Level, metadata: Record<string, unknown>): Row {
  switch (level) {
    case 'campaigns': {
      const app = (metadata.promotedObject ?? {}) as { name?: unknown };
      const targeting = (metadata.targeting ?? {}) as { supplyPlacement?: { include?: unknown } };
      const placements = targeting.supplyPlacement?.include;
      return {
        campaign_id: id(metadata.id),
        campaign_name: text(metadata.name) ?? '',
        campaign_status: text(metadata.status),
        app_name: text(app.name),
        adam_id: metadata.promotedObjectId === undefined ? null : id(metadata.promotedObjectId),
        ad_channel_type: text(metadata.adChannelType),
        // A campaign runs in one placement (its targeting's `supplyPlacement`, one entry).
        supply_source: Array.isArray(placements) ? text(placements[0]) : null,
      };
    }
    case 'adgroups':
      return {
        campaign_id: id(metadata.campaignId),
        ad_group_id: id(metadata.id),
        ad_group_name: text(metadata.name) ?? '',
        ad_group_status: text(metadata.status),
      };
    case 'keywords':
      return {
        campaign_id: id(metadata.campaignId),
        ad_group_id: id(metadata.adGroupId),
        keyword_id: id(metadata.id),
        keyword: text(metadata.text) ?? '',
        match_type: text(metadata.matchType) ?? '',
      };
    case 'searchterms': {
      // Search Match terms matched no bidded keyword: Apple sends no `keyword`.
      const keyword =
        typeof metadata.keyword === 'object' && metadata.keyword !== null
          ? (metadata.keyword as Record<string, unknown>)
          : null;
      return {
        campaign_id: id(metadata.campaignId),
        ad_group_id: id(metadata.adGroupId),
        search_term_source: text(metadata.searchTermSource) ?? 'SEARCH',
        keyword_id: id(keyword?.id),
        keyword: text(keyword?.text),
        match_type: text(keyword?.matchType),
        search_term: text(metadata.searchTermText) ?? '',
      };
    }
    default:
      throw new Error(`unknown level ${String(level satisfies never)}`);
  }
}
