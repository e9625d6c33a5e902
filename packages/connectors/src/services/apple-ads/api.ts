// The Apple Ads Campaign Management API v5 calls of the connector: the API user's organizations
// (ACLs), report pages by offset, and Apple's error answers.
// https://developer.apple.com/documentation/apple_ads/reports
import type { ErrorReader, ProviderHttp } from '../../core/http';
import type { DateRange } from '../../core/types';
import type { AppleReportRow, Level } from './streams';
import { APPLE_ADS_API_VERSION } from '../../core/api-versions';

export const PROVIDER = 'Apple Ads';

export type Acl = { orgId: number; orgName: string; currency: string; parentOrgId: number | null };
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

/** The organizations (and campaign groups) the API user can access: GET /api/v5/acls. */
export async function acls(http: ProviderHttp, base: string): Promise<Acl[]> {
  const answer = await http.json<{ data: Acl[] | null }>(`${base}/api/${APPLE_ADS_API_VERSION}/acls`);
  return answer.data ?? [];
}

const ORDER_BY: Record<Level, string> = {
  campaigns: 'campaignId',
  adgroups: 'adGroupId',
  keywords: 'keywordId',
  searchterms: 'searchTermText',
};

/** Every page of one DAILY report of the organization, by offset, as Apple paginates reports. */
export async function* reportPages(
  http: ProviderHttp,
  report: { url: string; orgId: string; level: Level; window: DateRange; pageSize: number },
): AsyncGenerator<AppleReportRow[]> {
  for (let offset = 0; ;) {
    const answer = await http.json<ReportBody>(report.url, {
      headers: { 'X-AP-Context': `orgId=${report.orgId}` },
      json: {
        startTime: report.window.from,
        endTime: report.window.to,
        granularity: 'DAILY',
        timeZone: 'ORTZ',
        returnRowTotals: false,
        returnGrandTotals: false,
        returnRecordsWithNoMetrics: false,
        selector: {
          orderBy: [{ field: ORDER_BY[report.level], sortOrder: 'ASCENDING' }],
          pagination: { offset, limit: report.pageSize },
        },
      },
    });
    const rows = answer.data?.reportingDataResponse.row ?? [];
    if (rows.length > 0) yield rows;
    offset += rows.length;
    if (rows.length === 0 || offset >= (answer.pagination?.totalResults ?? 0)) return;
  }
}
