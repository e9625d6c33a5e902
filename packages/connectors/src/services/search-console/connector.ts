// Google Search Console: the verified properties of the Google user, and their web search
// performance through the Search Analytics API.
// https://developers.google.com/webmaster-tools/v1/how-tos/all-your-data
import type { SelectableAccount } from '@maya/contracts';
import { httpFor } from '../../core/context';
import { eachDay, windows } from '../../core/dates';
import type { ProviderHttp } from '../../core/http';
import type { AccountRef, Connector, ConnectorContext, DateRange, Row, StreamBatch } from '../../core/types';
import { readGoogleError } from './google-error';
import { SEARCH_ANALYTICS_STREAM, SEARCH_ANALYTICS_TOTALS_STREAM } from './streams';

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

function toAccount(site: SiteEntry): SelectableAccount {
  const domain = isDomainProperty(site.siteUrl);
  return {
    identifier: site.siteUrl,
    id_label: domain ? 'Domain property' : 'URL-prefix property',
    name: domain ? hostOf(site.siteUrl) : site.siteUrl,
    parent_id: null,
    selectable: true,
    metadata: { thumbnail_url: null },
  };
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

export function createSearchConsoleConnector(options: SearchConsoleOptions = {}): Connector {
  const rowLimit = Math.min(options.rowLimit ?? MAX_ROW_LIMIT, MAX_ROW_LIMIT);
  const totalsWindowDays = options.totalsWindowDays ?? 30;

  async function* extract(
    context: ConnectorContext,
    account: AccountRef,
    range: DateRange,
  ): AsyncGenerator<StreamBatch> {
    const http = httpFor(context, PROVIDER, readGoogleError);
    const siteUrl = account.identifier;
    const url = `${context.endpoints.searchConsole}/webmasters/v3/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`;
    // `all` includes the fresh (not yet final) days; the lookback re-reads them once they settle.
    const common = { type: 'web', dataState: 'all', aggregationType: 'auto' };

    const totalsDimensions = ['date', 'country', 'device'];
    for (const window of windows(range, totalsWindowDays)) {
      const body = { ...common, startDate: window.from, endDate: window.to, dimensions: totalsDimensions };
      for await (const rows of queryPages(http, url, body, rowLimit)) {
        yield {
          stream: SEARCH_ANALYTICS_TOTALS_STREAM.name,
          rows: rows.map((r) => toRow(siteUrl, totalsDimensions, r)),
        };
      }
    }

    // One day per request: Google serves at most 50,000 query rows per day and search type, and a
    // whole range in one query would be cut at that limit.
    const dimensions = ['date', 'query', 'page', 'country', 'device'];
    for (const date of eachDay(range)) {
      const body = { ...common, startDate: date, endDate: date, dimensions };
      for await (const rows of queryPages(http, url, body, rowLimit)) {
        yield { stream: SEARCH_ANALYTICS_STREAM.name, rows: rows.map((r) => toRow(siteUrl, dimensions, r)) };
      }
    }
  }

  return {
    id: 'google_search_console',
    auth: {
      kind: 'oauth2',
      provider: 'google',
      scopes: [SEARCH_CONSOLE_SCOPE],
      authorizeParams: { access_type: 'offline', prompt: 'consent' },
      pkce: true,
    },
    streams: [SEARCH_ANALYTICS_STREAM, SEARCH_ANALYTICS_TOTALS_STREAM],
    // Search Console data is final after about two to three days.
    lookbackDays: 4,
    async listAccounts(context) {
      const http = httpFor(context, PROVIDER, readGoogleError);
      const answer = await http.json<{ siteEntry?: SiteEntry[] }>(
        `${context.endpoints.searchConsole}/webmasters/v3/sites`,
      );
      return (
        (answer?.siteEntry ?? [])
          // An unverified user sees the property listed but may not read its data.
          .filter((site) => site.permissionLevel !== 'siteUnverifiedUser')
          .sort((a, b) => (sortKey(a.siteUrl) < sortKey(b.siteUrl) ? -1 : 1))
          .map(toAccount)
      );
    },
    extract,
  };
}

export const searchConsoleConnector = createSearchConsoleConnector();
