// Google Search Console: the verified properties of the Google user, and their web search
// performance through the Search Analytics API.
// https://developers.google.com/webmaster-tools/v1/how-tos/all-your-data
import type { SelectableAccount } from '@maya/contracts';
import { accountNode } from '../../core/accounts';
import { defineConnector } from '../../core/connector';
import { windows } from '../../core/dates';
import type { ProviderHttp } from '../../core/http';
import type { Connector, ConnectorContext, DateRange, Row, StreamSchema } from '../../core/types';
import { googleOAuth } from '../google/auth';
import { googleHttp } from '../google/http';
import { SEARCH_ANALYTICS_STREAM, SEARCH_ANALYTICS_TOTALS_STREAM } from './streams';
import { SEARCH_CONSOLE_API_VERSION } from '../../core/api-versions';

export const SEARCH_CONSOLE_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';
const PROVIDER = 'Google Search Console';
/** The API's maximum rows per request. */
const MAX_ROW_LIMIT = 25_000;

type SiteEntry = { siteUrl: string; permissionLevel: string };
type SearchRow = { keys?: string[]; clicks: number; impressions: number; ctr: number; position: number };
type QueryAnswer = { rows?: SearchRow[]; responseAggregationType?: string };

export type SearchConsoleOptions = {
  /** Rows per request (tests page with small ones); at most 25,000. */
  rowLimit?: number;
  /** Days per totals request. */
  totalsWindowDays?: number;
};

const isDomainProperty = (siteUrl: string) => siteUrl.startsWith('sc-domain:');

function hostOf(siteUrl: string): string {
  if (isDomainProperty(siteUrl)) return siteUrl.slice('sc-domain:'.length).toLowerCase();
  try {
    return new URL(siteUrl).hostname.toLowerCase();
  } catch {
    return siteUrl.toLowerCase();
  }
}

/** Groups a domain property with the URL-prefix properties under it (com.example, com.example.www...). */
const sortKey = (siteUrl: string) =>
  `${hostOf(siteUrl).split('.').reverse().join('.')}\u0000${isDomainProperty(siteUrl) ? 0 : 1}${siteUrl}`;

/**
 * Search Console counts every property's days in Pacific Time, whatever the site's audience (the
 * Performance report's dates, and searchAnalytics.query's startDate and endDate, are PT): no
 * call asks for it.
 */
export const SEARCH_CONSOLE_TIME_ZONE = 'America/Los_Angeles';

function toAccount(site: SiteEntry): SelectableAccount {
  const domain = isDomainProperty(site.siteUrl);
  return accountNode(
    {
      identifier: site.siteUrl,
      // The Account ID column shows the property itself: `sc-domain:` marks a domain property.
      id_label: site.siteUrl,
      name: domain ? hostOf(site.siteUrl) : site.siteUrl,
      parent_id: null,
      selectable: true,
    },
    { timeZone: SEARCH_CONSOLE_TIME_ZONE },
  );
}

/** Every page of one query, following startRow until a short page. */
async function* queryPages(
  http: ProviderHttp,
  url: string,
  body: Record<string, unknown>,
  rowLimit: number,
): AsyncGenerator<SearchRow[]> {
  for (let startRow = 0; ; startRow += rowLimit) {
    const answer = await http.json<QueryAnswer>(url, { json: { ...body, rowLimit, startRow } });
    const rows = answer?.rows ?? [];
    if (rows.length > 0) yield rows;
    if (rows.length < rowLimit) return;
  }
}

function toRow(accountId: string, dimensions: readonly string[], row: SearchRow): Row {
  const out: Row = { account_id: accountId };
  dimensions.forEach((dimension, i) => {
    out[dimension] = row.keys?.[i] ?? null;
  });
  out.clicks = row.clicks;
  out.impressions = row.impressions;
  out.ctr = row.ctr;
  out.position = row.position;
  return out;
}

async function listProperties(context: ConnectorContext): Promise<SelectableAccount[]> {
  const http = googleHttp(context, PROVIDER);
  const answer = await http.json<{ siteEntry?: SiteEntry[] }>(
    `${context.endpoints.searchConsole}/webmasters/${SEARCH_CONSOLE_API_VERSION}/sites`,
  );
  return (
    (answer?.siteEntry ?? [])
      // An unverified user sees the property listed but may not read its data.
      .filter((site) => site.permissionLevel !== 'siteUnverifiedUser')
      .sort((a, b) => (sortKey(a.siteUrl) < sortKey(b.siteUrl) ? -1 : 1))
      .map(toAccount)
  );
}

export function createSearchConsoleConnector(options: SearchConsoleOptions = {}): Connector {
  const rowLimit = Math.min(options.rowLimit ?? MAX_ROW_LIMIT, MAX_ROW_LIMIT);
  const totalsWindowDays = options.totalsWindowDays ?? 30;

  return defineConnector({
    id: 'google_search_console',
    auth: googleOAuth(SEARCH_CONSOLE_SCOPE),
    streams: [SEARCH_ANALYTICS_STREAM, SEARCH_ANALYTICS_TOTALS_STREAM],
    // Search Console data is final after about two to three days.
    lookbackDays: 4,
    accountTimeZones: true,
    listAccounts: listProperties,
    async *extract(context, account, range, wanted) {
      const http = googleHttp(context, PROVIDER);
      const siteUrl = account.identifier;
      const url = `${context.endpoints.searchConsole}/webmasters/${SEARCH_CONSOLE_API_VERSION}/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`;
      // `all` includes the fresh (not yet final) days; the lookback re-reads them once they settle.
      const common = { type: 'web', dataState: 'all', aggregationType: 'auto' };
      const pages = async function* (stream: StreamSchema, dimensions: string[], window: DateRange) {
        const body = { ...common, startDate: window.from, endDate: window.to, dimensions };
        for await (const rows of queryPages(http, url, body, rowLimit)) {
          yield { stream: stream.name, rows: rows.map((r) => toRow(siteUrl, dimensions, r)) };
        }
      };

      if (wanted.has(SEARCH_ANALYTICS_TOTALS_STREAM.name)) {
        for (const window of windows(range, totalsWindowDays)) {
          yield* pages(SEARCH_ANALYTICS_TOTALS_STREAM, ['date', 'country', 'device'], window);
        }
      }
      // One day per request: Google serves at most 50,000 query rows per day and search type, and
      // a whole range in one query would be cut at that limit.
      if (wanted.has(SEARCH_ANALYTICS_STREAM.name)) {
        for (const day of windows(range, 1)) {
          yield* pages(SEARCH_ANALYTICS_STREAM, ['date', 'query', 'page', 'country', 'device'], day);
        }
      }
    },
  });
}

export const searchConsoleConnector = createSearchConsoleConnector();
