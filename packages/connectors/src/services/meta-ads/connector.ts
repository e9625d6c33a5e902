// Meta Ads (Facebook and Instagram ads) through the Marketing API: the account tree from the
// user's businesses and ad accounts, and daily Ads Insights at campaign, ad set and ad level.
// https://developers.facebook.com/docs/marketing-api/insights
import { defineConnector } from '../../core/connector';
import { httpFor } from '../../core/context';
import { windows } from '../../core/dates';
import type { Connector, Row } from '../../core/types';
import { listMetaAccounts } from './accounts';
import { META_GRAPH_VERSION, insightsReportPages, readMetaError } from './graph';
import {
  CAMPAIGN_CONVERSION_FIELDS,
  INSIGHTS_FIELDS,
  META_STREAMS,
  adRow,
  adSetRow,
  campaignRow,
  conversionRows,
} from './streams';
import type { InsightsRow } from './streams';

export const META_ADS_SCOPES = ['ads_read', 'business_management'];

export type MetaAdsOptions = {
  /** Rows per Graph page (`limit`); tests lower it to exercise paging. */
  pageSize?: number;
  /** Days per insights report run. */
  windowDays?: number;
};

type Level = keyof typeof INSIGHTS_FIELDS;
const LEVELS: readonly Level[] = ['campaign', 'adset', 'ad'];

const LEVEL_STREAMS: Record<Level, (accountId: string, row: InsightsRow) => Row> = {
  campaign: campaignRow,
  adset: adSetRow,
  ad: adRow,
};

const STREAM_OF: Record<Level, string> = {
  campaign: META_STREAMS.campaigns.name,
  adset: META_STREAMS.ad_sets.name,
  ad: META_STREAMS.ads.name,
};

export function createMetaAdsConnector(options: MetaAdsOptions = {}): Connector {
  const pageSize = options.pageSize ?? 500;
  const windowDays = options.windowDays ?? 30;

  return defineConnector({
    id: 'facebook_ads',
    auth: {
      kind: 'oauth2',
      provider: 'meta',
      scopes: META_ADS_SCOPES,
      // Meta's dialog takes no extra parameters for ads; the scope list is comma-separated.
      authorizeParams: {},
      pkce: false,
    },
    streams: Object.values(META_STREAMS),
    // Meta's default attribution window is 7-day click / 1-day view, and conversions keep settling
    // for up to 28 days: re-read four weeks on every load.
    lookbackDays: 28,
    accountTimeZones: true,
    listAccounts: (context) => listMetaAccounts(context, pageSize),
    async *extract(context, account, range, wanted) {
      const conversions = wanted.has(META_STREAMS.conversions.name);
      // Conversions come with the campaign rows: no second request for the same days.
      const levels = LEVELS.filter(
        (level) => wanted.has(STREAM_OF[level]) || (level === 'campaign' && conversions),
      );
      const http = httpFor(context, 'Meta', readMetaError);
      const base = `${context.endpoints.metaGraph}/${META_GRAPH_VERSION}`;
      for (const window of windows(range, windowDays)) {
        for (const level of levels) {
          const query = {
            level,
            time_increment: 1,
            time_range: JSON.stringify({ since: window.from, until: window.to }),
            fields: level === 'campaign' && conversions ? CAMPAIGN_CONVERSION_FIELDS : INSIGHTS_FIELDS[level],
          };
          const pages = insightsReportPages<InsightsRow>(
            http,
            context,
            base,
            account.identifier,
            query,
            pageSize,
          );
          for await (const page of pages) {
            if (wanted.has(STREAM_OF[level])) {
              yield {
                stream: STREAM_OF[level],
                rows: page.map((row) => LEVEL_STREAMS[level](account.identifier, row)),
              };
            }
            if (level === 'campaign' && conversions) {
              const rows = page.flatMap((row) => conversionRows(account.identifier, row));
              if (rows.length > 0) yield { stream: META_STREAMS.conversions.name, rows };
            }
          }
        }
      }
    },
  });
}

export const metaAdsConnector = createMetaAdsConnector();
