// DataForSEO's SERP API v3, Google organic, Live mode, advanced function
// (docs/connectors.md "DataForSEO SERP API"): POST {base}/v3/serp/google/organic/live/advanced
// with a JSON array of one task `{keyword, location_code, language_code, device, depth}`,
// authenticated by HTTP Basic (the account's API login and password). The answer is an envelope
// `{status_code, status_message, cost, tasks: [{status_code, status_message, cost, result:
// [{keyword, check_url, datetime, items: [{type: 'organic'|'paid'|..., rank_group,
// rank_absolute, domain, url, ...}]}]}]}`; 20000 is "Ok." and any other code is the provider's
// refusal (40202: the per-minute rate limit; 40200/40210: payment required). A payload without
// what we read is a provider error, never an empty results page.
import { z } from 'zod';
import { DATAFORSEO_API_VERSION } from '../../core/api-versions';
import { ProviderError } from '../../core/errors';
import { createProviderHttp, type ErrorReader } from '../../core/http';

export type SerpQuery = {
  keyword: string;
  /** Google's geo target id of the country (2300: Greece). */
  locationCode: number;
  languageCode: string;
  /** Results read: 10 by default (one SERP, one billing unit). */
  depth?: number;
};

export type SerpItem = {
  type: 'organic' | 'paid';
  /** The domain as the provider reports it, lower case, without `www.`. */
  domain: string;
  /** The position among items of its type (rank_group), 1 first. */
  rank: number;
  url: string | null;
};

export type SerpResult = {
  keyword: string;
  items: SerpItem[];
  /** What the provider charged for the request, in millionths of a US dollar. */
  costMicros: number;
  /** When the provider looked (its `datetime`), ISO. */
  checkedAt: string;
};

export type SerpClient = {
  /** One SERP: the organic and paid results of the keyword in the location. */
  search(query: SerpQuery, signal?: AbortSignal): Promise<SerpResult>;
};

export type SerpClientOptions = {
  /** https://api.dataforseo.com in production; the sandbox's /sandbox/dataforseo otherwise. */
  baseUrl: string;
  login: string;
  password: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Attempts per request (429 with Retry-After, 40202 and 5xx are retried): 4 by default. */
  maxAttempts?: number;
};

export const DATAFORSEO_OK = 20000;
/** "Rate-limit per minute exceeded" (DataForSEO's appendix of errors). */
export const DATAFORSEO_RATE_LIMITED = 40202;

const Item = z
  .object({
    type: z.string(),
    rank_group: z.number().int().positive().optional(),
    domain: z.string().nullable().optional(),
    url: z.string().nullable().optional(),
  })
  .passthrough();

const Envelope = z.object({
  status_code: z.number().int(),
  status_message: z.string(),
  tasks: z
    .array(
      z.object({
        status_code: z.number().int(),
        status_message: z.string(),
        cost: z.number().nonnegative().optional(),
        result: z
          .array(
            z.object({
              keyword: z.string(),
              datetime: z.string().optional(),
              items: z.array(Item).nullable(),
            }),
          )
          .nullable(),
      }),
    )
    .nullable(),
});

const malformed = (where: string) =>
  new ProviderError('provider', `DataForSEO answered an unexpected payload${where}`, 200, 'dataforseo');

/** `www.Example.com` and `example.com` are one domain. */
export const serpDomain = (domain: string) =>
  domain
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');

/** DataForSEO's own error envelope, on any status. */
const readError: ErrorReader = (status, body) => {
  const parsed = z.object({ status_code: z.number(), status_message: z.string() }).safeParse(body);
  if (!parsed.success) return { message: `HTTP ${status}` };
  const { status_code: code, status_message: message } = parsed.data;
  return code === DATAFORSEO_RATE_LIMITED ? { message, kind: 'rate_limited' } : { message };
};

/** The SERP of one answer; throws a ProviderError for a refusal or a payload without what we read. */
export function readSerpAnswer(
  query: SerpQuery,
  body: unknown,
  now: () => Date = () => new Date(),
): SerpResult {
  const parsed = Envelope.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw malformed(issue === undefined ? '' : ` (${issue.path.join('.')}: ${issue.message})`);
  }
  const envelope = parsed.data;
  if (envelope.status_code !== DATAFORSEO_OK) {
    const kind = envelope.status_code === DATAFORSEO_RATE_LIMITED ? 'rate_limited' : 'provider';
    throw new ProviderError(kind, envelope.status_message, 200, 'dataforseo');
  }
  const task = envelope.tasks?.[0];
  if (task === undefined) throw malformed(' (tasks: none)');
  if (task.status_code !== DATAFORSEO_OK) {
    throw new ProviderError('provider', task.status_message, 200, 'dataforseo');
  }
  const result = task.result?.[0];
  if (result === undefined) throw malformed(' (tasks.0.result: none)');
  const items: SerpItem[] = [];
  for (const item of result.items ?? []) {
    if (item.type !== 'organic' && item.type !== 'paid') continue;
    if (!item.domain || item.rank_group === undefined)
      throw malformed(` (${item.type} item without domain or rank)`);
    items.push({
      type: item.type,
      domain: serpDomain(item.domain),
      rank: item.rank_group,
      url: item.url ?? null,
    });
  }
  return {
    keyword: query.keyword,
    items,
    costMicros: Math.round((task.cost ?? 0) * 1_000_000),
    checkedAt: result.datetime
      ? new Date(result.datetime.replace(' +00:00', 'Z').replace(' ', 'T')).toISOString()
      : now().toISOString(),
  };
}

export function createSerpClient(options: SerpClientOptions): SerpClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;
  return {
    async search(query, signal) {
      const http = createProviderHttp({
        provider: 'dataforseo',
        signal,
        readError,
        maxAttempts: options.maxAttempts ?? 4,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
      });
      const body = await http.json<unknown>(
        `${base}/${DATAFORSEO_API_VERSION}/serp/google/organic/live/advanced`,
        {
          method: 'POST',
          authenticated: false,
          headers: { authorization },
          json: [
            {
              keyword: query.keyword,
              location_code: query.locationCode,
              language_code: query.languageCode,
              device: 'desktop',
              depth: query.depth ?? 10,
            },
          ],
        },
      );
      return readSerpAnswer(query, body);
    },
  };
}
