// PageSpeed URLs (spec 001 §2 PageSpeed, §3, §4, §5, §7, §8, §9): the list of pages whose speed a
// scheduled job measures with Google's PageSpeed Insights API, its editor's rules (the same on
// both sides), and Google's "good" thresholds for the Core Web Vitals.
import { z } from 'zod/mini';
import { modelling } from './constants';

/** spec 001 §5 and §8, verbatim (the spec's typo "PagedSpeed" included). */
export const pagespeedMessages = {
  invalidUrl: 'Not a valid URL',
  emptyUrl: 'Please specify URL',
  duplicateUrl: 'Duplicate URL',
  unexpected: 'unexpected error',
  /** Our words where the spec is silent (decision 590). */
  tooManyUrls: `At most ${modelling.pagespeedMaxUrls} URLs`,
} as const;

/** spec 001 §8: loading the saved list failed. */
export const pagespeedLoadError = (type: string) =>
  `Failed to load saved PagedSpeed links (${type}). Please try again later.`;
/** spec 001 §8: saving (or anything else) failed. */
export const pagespeedSaveError = (type: string) => `Something went wrong (${type}). Please try again later.`;

export const pagespeedLimits = {
  maxUrls: modelling.pagespeedMaxUrls,
  /** What browsers and Google take in practice (decision 590). */
  urlMaxLength: 2048,
  /** Suggestions GET /pagespeed_urls/top answers. */
  topUrls: 20,
} as const;

export const PagespeedErrorType = {
  /** A run was asked for an organization without URLs (400). */
  noUrls: 'pagespeed_no_urls',
} as const;

/** The built-in report over the measurements (reports module). */
export const PAGESPEED_REPORT_SLUG = '-pagespeed';
export const PAGESPEED_REPORT_NAME = 'PageSpeed';

/** Google's "good" thresholds (web.dev/vitals), at the 75th percentile. */
export const CORE_WEB_VITALS_GOOD = { lcpMs: 2500, inpMs: 200, cls: 0.1 } as const;
/** And where "poor" starts (above these). */
export const CORE_WEB_VITALS_POOR = { lcpMs: 4000, inpMs: 500, cls: 0.25 } as const;

/** An absolute http or https URL with a host, no spaces. */
export function isPagespeedUrl(value: string): boolean {
  const text = value.trim();
  if (text === '' || text.length > pagespeedLimits.urlMaxLength || /\s/.test(text)) return false;
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The form two spellings of one page share (`HTTPS://Example.com` is `https://example.com/`). */
export function normalizedPagespeedUrl(value: string): string {
  const text = value.trim();
  return isPagespeedUrl(text) ? new URL(text).href : text;
}

/**
 * The message of each URL of the list (null: fine), in the spec's precedence: empty, then not a
 * URL, then a repeat of an earlier one (the first of two is fine, the second is the duplicate).
 */
export function pagespeedUrlErrors(urls: readonly string[]): (string | null)[] {
  const seen = new Set<string>();
  return urls.map((url) => {
    if (url.trim() === '') return pagespeedMessages.emptyUrl;
    if (!isPagespeedUrl(url)) return pagespeedMessages.invalidUrl;
    const key = normalizedPagespeedUrl(url);
    if (seen.has(key)) return pagespeedMessages.duplicateUrl;
    seen.add(key);
    return null;
  });
}

/** spec 001 §3 PageSpeed URL: uuid, urlLink (url_link on the wire). */
export const PagespeedUrlSchema = z.object({ uuid: z.uuid(), url_link: z.string() });
export type PagespeedUrl = z.infer<typeof PagespeedUrlSchema>;

/** The last measurement run of the organization's URLs: what the editor shows under the list. */
export const PagespeedRunSchema = z.object({
  status: z.enum(['queued', 'running', 'finished', 'failed']),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
  /** URL and strategy pairs measured and stored. */
  measured: z.int(),
  /** Those the provider refused, rate-limited or answered malformed: their previous results stay. */
  failures: z.array(z.object({ url_link: z.string(), strategy: z.string(), message: z.string() })),
});
export type PagespeedRun = z.infer<typeof PagespeedRunSchema>;

export const PagespeedQuerySchema = z.object({ organization_id: z.uuid() });

export const PagespeedUrlsResponseSchema = z.object({
  urls: z.array(PagespeedUrlSchema),
  last_run: z.nullable(PagespeedRunSchema),
});
export type PagespeedUrlsResponse = z.infer<typeof PagespeedUrlsResponseSchema>;

/**
 * PUT /pagespeed_urls: the whole list, in order. The editor's rules hold here too: at most 250,
 * each a non-empty http(s) URL, none twice; a refused list changes nothing (422).
 */
export const SavePagespeedUrlsRequestSchema = z.object({
  organization_id: z.uuid(),
  urls: z
    .array(
      z.object({
        uuid: z.uuid(),
        url_link: z.string().check(z.maxLength(pagespeedLimits.urlMaxLength, pagespeedMessages.invalidUrl)),
      }),
    )
    .check(
      z.maxLength(pagespeedLimits.maxUrls, pagespeedMessages.tooManyUrls),
      z.superRefine((urls, ctx) => {
        pagespeedUrlErrors(urls.map((u) => u.url_link)).forEach((message, index) => {
          if (message !== null) ctx.addIssue({ code: 'custom', message, path: [index, 'url_link'] });
        });
        const ids = new Set(urls.map((u) => u.uuid));
        if (ids.size !== urls.length) ctx.addIssue({ code: 'custom', message: 'A uuid is given twice' });
      }),
    ),
});
export type SavePagespeedUrlsRequest = z.infer<typeof SavePagespeedUrlsRequestSchema>;

/** POST /pagespeed_urls/run (not in the spec; decision 595): measures every URL now. */
export const RunPagespeedRequestSchema = z.object({ organization_id: z.uuid() });
export const RunPagespeedResponseSchema = z.object({ last_run: PagespeedRunSchema });

const PageClicksSchema = z.object({
  url_link: z.string(),
  /** Organic search clicks over `days` (Search Console). */
  clicks: z.int(),
});

/**
 * GET /pagespeed_urls/top: the organization's most visited pages not in the list yet, and the
 * visits of each page in the list (decision 720), shown beside it in the editor.
 */
export const PagespeedTopUrlsResponseSchema = z.object({
  urls: z.array(PageClicksSchema),
  /** Each saved URL in the list's order with its clicks (0: none over `days`); empty without a source. */
  listed: z.array(PageClicksSchema),
  days: z.int(),
  /** Where the counts come from; null when the organization has no such data yet. */
  source: z.nullable(z.enum(['google_search_console'])),
});
export type PagespeedTopUrlsResponse = z.infer<typeof PagespeedTopUrlsResponseSchema>;
