// Google's PageSpeed Insights API v5 (`pagespeedapi.runpagespeed`): GET
// {base}/pagespeedonline/v5/runPagespeed?url=&strategy=MOBILE|DESKTOP&category=PERFORMANCE&key=
// (docs/connectors.md "PageSpeed Insights"). Authenticated by the product's API key in the query.
// The answer carries the Lighthouse run (lab: lighthouseResult.categories.performance.score and
// the audits) and, when the Chrome UX Report has enough traffic for the page, its field data
// (loadingExperience.metrics, 75th percentiles). A payload without what we read is a provider
// error, never a row of zeros.
import { z } from 'zod';
import { PAGESPEED_API_VERSION } from '../../core/api-versions';
import { ProviderError } from '../../core/errors';
import { createProviderHttp } from '../../core/http';

export type PagespeedStrategy = 'mobile' | 'desktop';
export const PAGESPEED_STRATEGIES: readonly PagespeedStrategy[] = ['mobile', 'desktop'];

/** Where a vital's value came from: CrUX field data (the page's 75th percentile) or the Lighthouse run. */
export type VitalSource = 'field' | 'lab';

export type PagespeedMeasurement = {
  url: string;
  strategy: PagespeedStrategy;
  /** Lighthouse performance score, 0 to 100. */
  performanceScore: number;
  lcpMs: number;
  lcpSource: VitalSource;
  /** Field INP; in the lab (no interactions) Lighthouse's Total Blocking Time stands in (decision 593). */
  inpMs: number;
  inpSource: VitalSource;
  cls: number;
  clsSource: VitalSource;
  /** When Lighthouse ran (its fetchTime). */
  fetchedAt: string;
};

export type PagespeedClientOptions = {
  /** https://www.googleapis.com in production; the sandbox's /sandbox/pagespeed otherwise. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Attempts per request (429 with Retry-After and 5xx are retried): 4 by default. */
  maxAttempts?: number;
};

const NumericAudit = z.object({ numericValue: z.number().finite().nonnegative() });
const FieldMetric = z.object({ percentile: z.number().finite().nonnegative() });

const ResponseSchema = z.object({
  lighthouseResult: z.object({
    fetchTime: z.string().optional(),
    runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
    categories: z.object({
      performance: z.object({ score: z.number().min(0).max(1).nullable() }),
    }),
    audits: z.object({
      'largest-contentful-paint': NumericAudit,
      'cumulative-layout-shift': NumericAudit,
      'total-blocking-time': NumericAudit,
    }),
  }),
  loadingExperience: z
    .object({
      origin_fallback: z.boolean().optional(),
      metrics: z
        .object({
          LARGEST_CONTENTFUL_PAINT_MS: FieldMetric.optional(),
          INTERACTION_TO_NEXT_PAINT: FieldMetric.optional(),
          CUMULATIVE_LAYOUT_SHIFT_SCORE: FieldMetric.optional(),
        })
        .optional(),
    })
    .optional(),
});

/** The measurement of one answer; throws a ProviderError when it lacks what we read. */
export function readPagespeedAnswer(
  url: string,
  strategy: PagespeedStrategy,
  body: unknown,
  now: () => Date = () => new Date(),
): PagespeedMeasurement {
  const parsed = ResponseSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` (${issue.path.join('.')}: ${issue.message})`;
    throw new ProviderError(
      'provider',
      `PageSpeed Insights answered an unexpected payload${where}`,
      200,
      'pagespeed',
    );
  }
  const { lighthouseResult: lab, loadingExperience } = parsed.data;
  if (lab.runtimeError !== undefined && lab.runtimeError.code !== 'NO_ERROR') {
    throw new ProviderError(
      'provider',
      `Lighthouse returned error: ${lab.runtimeError.message}`,
      200,
      'pagespeed',
    );
  }
  const score = lab.categories.performance.score;
  if (score === null) {
    throw new ProviderError(
      'provider',
      'Lighthouse gave no performance score for the page',
      200,
      'pagespeed',
    );
  }
  // Field data of the page itself only: an origin's fallback says nothing about this page.
  const field = loadingExperience?.origin_fallback === true ? undefined : loadingExperience?.metrics;
  const lcp = field?.LARGEST_CONTENTFUL_PAINT_MS;
  const inp = field?.INTERACTION_TO_NEXT_PAINT;
  const cls = field?.CUMULATIVE_LAYOUT_SHIFT_SCORE;
  return {
    url,
    strategy,
    performanceScore: Math.round(score * 100),
    lcpMs: Math.round(lcp?.percentile ?? lab.audits['largest-contentful-paint'].numericValue),
    lcpSource: lcp === undefined ? 'lab' : 'field',
    inpMs: Math.round(inp?.percentile ?? lab.audits['total-blocking-time'].numericValue),
    inpSource: inp === undefined ? 'lab' : 'field',
    // CrUX gives the layout shift ×100 as an integer percentile (5 is 0.05).
    cls: round3(
      cls === undefined ? lab.audits['cumulative-layout-shift'].numericValue : cls.percentile / 100,
    ),
    clsSource: cls === undefined ? 'lab' : 'field',
    fetchedAt: lab.fetchTime ?? now().toISOString(),
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export type PagespeedClient = {
  /** Runs Lighthouse's performance category on the page for one strategy. */
  run(url: string, strategy: PagespeedStrategy, signal?: AbortSignal): Promise<PagespeedMeasurement>;
};

export function createPagespeedClient(options: PagespeedClientOptions): PagespeedClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async run(url, strategy, signal) {
      const http = createProviderHttp({
        provider: 'pagespeed',
        signal,
        maxAttempts: options.maxAttempts ?? 4,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
      });
      const body = await http.json<unknown>(`${base}/pagespeedonline/${PAGESPEED_API_VERSION}/runPagespeed`, {
        authenticated: false,
        query: { url, strategy: strategy.toUpperCase(), category: 'PERFORMANCE', key: options.apiKey },
      });
      return readPagespeedAnswer(url, strategy, body);
    },
  };
}
