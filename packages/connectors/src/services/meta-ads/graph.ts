// Talking to the Graph API: its error body read into the shared error kinds, and cursor paging.
import { defaultErrorReader } from '../../core/http';
import type { ErrorReader, ErrorReading, ProviderHttp } from '../../core/http';
import { META_GRAPH_VERSION } from '../../core/api-versions';

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
