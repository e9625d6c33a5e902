// Apple Ads (App Store search ads) through the Campaign Management API v5: the organizations the
// API user can access, and daily reports for campaigns, ad groups, keywords and search terms.
// https://developer.apple.com/documentation/apple_ads/reports
import type { SelectableAccount } from '@maya/contracts';
import { httpFor } from '../../core/context';
import { addDays, isoDate, windows } from '../../core/dates';
import { ProviderError } from '../../core/errors';
import type { ErrorReader, ProviderHttp } from '../../core/http';
import type { AccountRef, Connector, ConnectorContext, DateRange, StreamBatch } from '../../core/types';
import { appleTokenSource } from './auth';
import { APPLE_STREAMS, dimensionsOf, metricsOf } from './streams';
import type { AppleReportRow, Level } from './streams';

/** DAILY reports cover at most 90 days, starting at most 90 days back (Apple's ReportingRequest rules). */
export const APPLE_DAILY_DAYS = 90;

export type AppleAdsOptions = {
  /** Report rows per page (Apple allows up to 1000); tests lower it to exercise paging. */
  pageSize?: number;
  /** The clock deciding how far back DAILY reports reach; tests hand in the sandbox's. */
  now?: () => number;
};

type Acl = { orgId: number; orgName: string; currency: string; parentOrgId: number | null };
type ApiErrors = { error?: { errors?: { messageCode?: string; message?: string }[] } | null };
type ReportBody = {
  data: { reportingDataResponse: { row: AppleReportRow[] | null } } | null;
  pagination: { totalResults: number; startIndex: number; itemsPerPage: number } | null;
};

/** `{"error":{"errors":[{"messageCode","message","field"}]}}`: the messages, joined. */
export const readAppleError: ErrorReader = (status, body) => {
  const errors = (body as ApiErrors | null)?.error?.errors ?? [];
  const message = errors
    .map((e) => e.message ?? e.messageCode)
    .filter(Boolean)
    .join('; ');
  return { message: message || `HTTP ${status}` };
};

const STREAM_OF: Record<Level, string> = {
  campaigns: APPLE_STREAMS.campaigns.name,
  adgroups: APPLE_STREAMS.ad_groups.name,
  keywords: APPLE_STREAMS.keywords.name,
  searchterms: APPLE_STREAMS.search_terms.name,
};

const ORDER_BY: Record<Level, string> = {
  campaigns: 'campaignId',
  adgroups: 'adGroupId',
  keywords: 'keywordId',
  searchterms: 'searchTermText',
};

async function acls(http: ProviderHttp, context: ConnectorContext): Promise<Acl[]> {
  const answer = await http.json<{ data: Acl[] | null }>(`${context.endpoints.appleAds}/api/v5/acls`);
  return answer.data ?? [];
}

async function listAppleAccounts(context: ConnectorContext): Promise<SelectableAccount[]> {
  const orgs = await acls(httpFor(context, 'Apple Ads', readAppleError), context);
  const ids = new Set(orgs.map((org) => org.orgId));
  return orgs.map((org) => ({
    identifier: String(org.orgId),
    id_label: String(org.orgId),
    name: org.orgName,
    // Campaign groups under a parent organization the user can also see are nested under it.
    parent_id: org.parentOrgId !== null && ids.has(org.parentOrgId) ? String(org.parentOrgId) : null,
    selectable: true,
    metadata: { thumbnail_url: null },
  }));
}

export function createAppleAdsConnector(options: AppleAdsOptions = {}): Connector {
  const pageSize = options.pageSize ?? 1000;
  const now = options.now ?? Date.now;

  /** Every page of one report, by offset, as Apple paginates reports. */
  async function* reportPages(
    http: ProviderHttp,
    url: string,
    orgId: string,
    level: Level,
    window: DateRange,
  ) {
    for (let offset = 0; ;) {
      const answer = await http.json<ReportBody>(url, {
        headers: { 'X-AP-Context': `orgId=${orgId}` },
        json: {
          startTime: window.from,
          endTime: window.to,
          granularity: 'DAILY',
          timeZone: 'ORTZ',
          returnRowTotals: false,
          returnGrandTotals: false,
          returnRecordsWithNoMetrics: false,
          selector: {
            orderBy: [{ field: ORDER_BY[level], sortOrder: 'ASCENDING' }],
            pagination: { offset, limit: pageSize },
          },
        },
      });
      const rows = answer.data?.reportingDataResponse.row ?? [];
      if (rows.length > 0) yield rows;
      offset += rows.length;
      if (rows.length === 0 || offset >= (answer.pagination?.totalResults ?? 0)) return;
    }
  }

  async function* extract(
    context: ConnectorContext,
    account: AccountRef,
    range: DateRange,
  ): AsyncIterable<StreamBatch> {
    const http = httpFor(context, 'Apple Ads', readAppleError);
    const orgId = account.identifier;
    const org = (await acls(http, context)).find((o) => String(o.orgId) === orgId);
    if (!org) {
      throw new ProviderError(
        'provider',
        `The API user has no access to organization ${orgId}.`,
        403,
        'Apple Ads',
      );
    }
    // Days beyond Apple's DAILY reach cannot be read; the rest of the range can.
    const earliest = addDays(isoDate(now()), -(APPLE_DAILY_DAYS - 1));
    const from = range.from > earliest ? range.from : earliest;
    if (from > range.to) return;
    const base = `${context.endpoints.appleAds}/api/v5/reports/campaigns`;

    const rowsOf = (level: Level, campaignId: string, rows: AppleReportRow[]) =>
      rows.flatMap((row) => {
        const dimensions = dimensionsOf(level, campaignId, row.metadata);
        return (row.granularity ?? []).map((entry) => ({
          account_id: orgId,
          date: entry.date,
          ...dimensions,
          ...metricsOf(entry, org.currency),
        }));
      });

    for (const window of windows({ from, to: range.to }, APPLE_DAILY_DAYS)) {
      const campaignIds: string[] = [];
      for await (const rows of reportPages(http, base, orgId, 'campaigns', window)) {
        const batch = rowsOf('campaigns', '', rows);
        for (const row of rows) campaignIds.push(String(row.metadata.campaignId));
        yield { stream: STREAM_OF.campaigns, rows: batch };
      }
      for (const campaignId of campaignIds) {
        for (const level of ['adgroups', 'keywords', 'searchterms'] as const) {
          try {
            for await (const rows of reportPages(
              http,
              `${base}/${campaignId}/${level}`,
              orgId,
              level,
              window,
            )) {
              yield { stream: STREAM_OF[level], rows: rowsOf(level, campaignId, rows) };
            }
          } catch (error) {
            // Search tab and Today tab campaigns have no keywords: Apple refuses their keyword reports.
            if (
              error instanceof ProviderError &&
              error.status === 400 &&
              /DOES NOT CONTAIN KEYWORD/i.test(error.message)
            )
              continue;
            throw error;
          }
        }
      }
    }
  }

  return {
    id: 'apple_ads',
    auth: { kind: 'apple_ads_key_pair' },
    streams: Object.values(APPLE_STREAMS),
    // Installs are attributed for up to a week after the tap.
    lookbackDays: 7,
    authenticate: (input) => appleTokenSource(input),
    listAccounts: listAppleAccounts,
    extract,
  };
}

export const appleAdsConnector = createAppleAdsConnector();
