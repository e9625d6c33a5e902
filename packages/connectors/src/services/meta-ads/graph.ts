// Talking to the Graph API: its error body read into the shared error kinds, cursor paging, and
// insights read through asynchronous report runs.
import { defaultErrorReader } from '../../core/http';
import type { ErrorReader, ErrorReading, ProviderHttp } from '../../core/http';
import { META_GRAPH_VERSION } from '../../core/api-versions';
import { ProviderError } from '../../core/errors';
import { pollUntil } from '../../core/poll';
import type { ConnectorContext } from '../../core/types';

/** The Marketing API version the connector speaks (core/api-versions.ts; the OAuth URLs use it too). */
export { META_GRAPH_VERSION };

/**
 * Throttling codes: 4 (app), 17 (user / ad account), 32 (page), 613 (custom), 80000–80014
 * (business use case limits). Meta answers them with HTTP 400, so the status alone does not say.
 */
function isRateLimit(code: number): boolean {
  return code === 4 || code === 17 || code === 32 || code === 613 || (code >= 80000 && code <= 80014);
}

/** Token subcodes that a new token cannot fix: the app was removed, the password changed, ... */
const GRANT_GONE = new Set([458, 459, 460, 464, 467, 492]);

type GraphErrorBody = { error?: { message?: unknown; code?: unknown; error_subcode?: unknown } };

/**
 * `{"error":{"message","type","code","error_subcode","fbtrace_id"}}`: code 190 is the access token
 * (expired: refresh once; revoked or invalidated: reconnect), the throttling codes rate_limited.
 */
export const readMetaError: ErrorReader = (status, body): ErrorReading => {
  const error = (body as GraphErrorBody | null)?.error;
  if (!error || typeof error !== 'object') return defaultErrorReader(status, body);
  const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
  const code = typeof error.code === 'number' ? error.code : null;
  const subcode = typeof error.error_subcode === 'number' ? error.error_subcode : null;
  if (code !== null && isRateLimit(code)) return { message, kind: 'rate_limited' };
  if (code === 190 || code === 102) {
    return {
      message,
      kind: subcode !== null && GRANT_GONE.has(subcode) ? 'reauthorization_required' : 'unauthorized',
    };
  }
  return { message };
};

type GraphPage<T> = { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } };

/** Every page of a Graph edge, following `paging.cursors.after` while there is a `next` page. */
export async function* graphPages<T>(
  http: ProviderHttp,
  url: string,
  query: Record<string, string | number>,
): AsyncGenerator<T[]> {
  let after: string | undefined;
  for (;;) {
    const page = await http.json<GraphPage<T>>(url, { query: { ...query, ...(after ? { after } : {}) } });
    const data = page.data ?? [];
    if (data.length > 0) yield data;
    after = page.paging?.cursors?.after;
    if (!page.paging?.next || !after || data.length === 0) return;
  }
}

type ReportRun = { async_status?: string; async_percent_completion?: number };

/**
 * One insights query as an asynchronous report run, which large accounts need (a synchronous
 * request over many days and objects times out): `POST /{account}/insights` starts it, `GET
 * /{report_run_id}` is polled until Job Completed at 100 %, then `/{report_run_id}/insights` is read
 * page by page. https://developers.facebook.com/docs/marketing-api/insights/best-practices/#asynchronous
 */
export async function* insightsReportPages<T>(
  http: ProviderHttp,
  context: Pick<ConnectorContext, 'sleep'>,
  base: string,
  accountId: string,
  query: Record<string, string | number>,
  pageSize: number,
): AsyncGenerator<T[]> {
  const started = await http.json<{ report_run_id?: string }>(`${base}/${accountId}/insights`, {
    method: 'POST',
    query,
  });
  const id = started.report_run_id;
  if (!id) throw new ProviderError('provider', 'Meta started no insights report run.', 200, http.provider);
  await pollUntil(
    context,
    http.provider,
    `The insights report run ${id} was still running after 30 minutes.`,
    async () => {
      const run = await http.json<ReportRun>(`${base}/${id}`, {
        query: { fields: 'async_status,async_percent_completion' },
      });
      if (run.async_status === 'Job Failed' || run.async_status === 'Job Skipped') {
        throw new ProviderError(
          'provider',
          `Meta could not build the insights report (${run.async_status}).`,
          200,
          http.provider,
        );
      }
      // Job Not Started, Job Started, Job Running: not yet.
      return run.async_status === 'Job Completed' && run.async_percent_completion === 100 ? true : undefined;
    },
  );
  yield* graphPages<T>(http, `${base}/${id}/insights`, { limit: pageSize });
}
