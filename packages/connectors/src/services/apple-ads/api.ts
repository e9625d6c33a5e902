// The Apple Ads Platform API v1 calls of the connector: the ad accounts the API user can access
// (GET /v1/acls, no context header), the account's campaigns (POST /v1/campaigns/query), report
// pages by offset (POST /v1/reports/apps/{level}/query, scoped by `X-AP-Context:
// adAccountId={id}`), and Apple's error answers.
// https://developer.apple.com/documentation/apple-ads-platform-api/reports
import type { ErrorReader, ProviderHttp } from '../../core/http';
import type { DateRange } from '../../core/types';
import type { AppleReportRow, Level } from './streams';
import { APPLE_ADS_API_VERSION } from '../../core/api-versions';

export const PROVIDER = 'Apple Ads';

/** One `UserAcl` of GET /v1/acls: an ad account (with the org it belongs to) and the user's roles. */
export type AdAccountAcl = { adAccount: { id: number; name: string; orgId: number }; roles: string[] };
type ApiError = {
  error?: { code?: string; message?: string | null; details?: { code?: string; message?: string | null }[] };
};
type ReportBody = {
  result: { rows: AppleReportRow[] | null } | null;
  pagination: { offset: number; pageSize: number; totalCount: number } | null;
};
type CampaignsBody = {
  result: { id: number }[] | null;
  pagination: { offset: number; pageSize: number; totalCount?: number } | null;
};

/** Report rows per page: Apple's maximum (`RequestPagination.pageSize`, at most 5000). */
export const MAX_REPORT_PAGE = 5000;

/** `{"error":{"code","message","details":[{"code","message"}]}}`: the message and the details'. */
export const readAppleError: ErrorReader = (status, body) => {
  const error = (body as ApiError | null)?.error;
  const parts = [error?.message, ...(error?.details ?? []).map((d) => d.message ?? d.code)]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .filter((part, index, all) => all.indexOf(part) === index);
  return { message: parts.join('; ') || error?.code || `HTTP ${status}` };
};

const v1 = (base: string, path: string) => `${base}/${APPLE_ADS_API_VERSION}/${path}`;
const context = (adAccountId: string) => ({ 'X-AP-Context': `adAccountId=${adAccountId}` });

/** The ad accounts the API user can access: GET /v1/acls. */
export async function acls(http: ProviderHttp, base: string): Promise<AdAccountAcl[]> {
  const answer = await http.json<{ result: { acls: AdAccountAcl[] | null } | null }>(v1(base, 'acls'));
  return answer.result?.acls ?? [];
}

/** The ad account (GET /v1/ad-accounts/{id}): its currency and reporting time zone. */
export async function adAccount(
  http: ProviderHttp,
  base: string,
  adAccountId: string,
): Promise<{ id: number; name: string; currency: string; timezone: string }> {
  const answer = await http.json<{
    result: { id: number; name: string; currency: string; timezone: string };
  }>(v1(base, `ad-accounts/${encodeURIComponent(adAccountId)}`), { headers: context(adAccountId) });
  return answer.result;
}

/** The ids of the ad account's campaigns, deleted ones included (their days keep their spend). */
export async function campaignIds(
  http: ProviderHttp,
  base: string,
  adAccountId: string,
  pageSize: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ;) {
    const answer = await http.json<CampaignsBody>(v1(base, 'campaigns/query'), {
      headers: context(adAccountId),
      json: {
        // Apple leaves deleted campaigns out unless a filter names them.
        filters: [{ field: 'deleted', operator: 'IN', value: [true, false] }],
        sorting: [{ field: 'id', order: 'ASC' }],
        pagination: { offset, pageSize, fetchTotalCount: true },
      },
    });
    const page = answer.result ?? [];
    ids.push(...page.map((campaign) => campaign.id));
    offset += page.length;
    if (page.length === 0 || offset >= (answer.pagination?.totalCount ?? 0)) return ids;
  }
}

const SORT_FIELD: Record<Level, string> = {
  campaigns: 'id',
  adgroups: 'id',
  keywords: 'id',
  searchterms: 'searchTermText',
};

/**
 * Every page of one report of the ad account, by offset. A window of several days is read DAILY
 * (`granularMetrics`); a single day without granularity (Apple's rule: DAILY needs a range longer
 * than one day), its `totalMetrics` being that day's.
 */
export async function* reportPages(
  http: ProviderHttp,
  report: {
    base: string;
    adAccountId: string;
    level: Level;
    campaignIds: readonly number[];
    window: DateRange;
    pageSize: number;
  },
): AsyncGenerator<AppleReportRow[]> {
  const daily = report.window.from < report.window.to;
  for (let offset = 0; ;) {
    const answer = await http.json<ReportBody>(v1(report.base, `reports/apps/${report.level}/query`), {
      headers: context(report.adAccountId),
      json: {
        timeRange: {
          start: report.window.from,
          end: report.window.to,
          timeZone: 'ORTZ',
          ...(daily ? { granularity: 'DAILY' } : {}),
        },
        filters: [{ field: 'campaignId', operator: 'IN', value: report.campaignIds.map(String) }],
        sorting: [{ field: SORT_FIELD[report.level], order: 'ASC' }],
        pagination: { offset, pageSize: report.pageSize },
      },
    });
    const rows = answer.result?.rows ?? [];
    if (rows.length > 0) {
      yield daily
        ? rows
        : rows.map((row) => ({
            ...row,
            granularMetrics: [{ ...row.totalMetrics, date: report.window.from }],
          }));
    }
    offset += rows.length;
    if (rows.length === 0 || offset >= (answer.pagination?.totalCount ?? 0)) return;
  }
}
