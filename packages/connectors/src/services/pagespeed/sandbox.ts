// The sandbox PageSpeed Insights API v5 (www.googleapis.com/pagespeedonline/v5/runPagespeed),
// offline: a deterministic Lighthouse run per URL, strategy and day. About two URLs in three have
// field data from the Chrome UX Report (the others, lab values only), about one in four is slow
// (an LCP over 4 s on mobile), mobile is slower than desktop, and each day wanders a little.
// Authenticated by the `key` query parameter as Google's API keys are; errors in Google's
// `{error:{code,message,status}}` shape. A host under `.invalid` cannot be loaded by Lighthouse
// (500 FAILED_DOCUMENT_REQUEST, as Google answers an unreachable page).
import type { FastifyPluginAsync } from 'fastify';
import { PAGESPEED_API_VERSION } from '../../core/api-versions';
import { SandboxApiError, installSandboxApi } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { googleErrorBody } from '../google/sandbox-errors';

/** Where the sandbox PageSpeed Insights API is mounted (sandboxEndpoints().pagespeed). */
export const PAGESPEED_SANDBOX_PREFIX = '/sandbox/pagespeed';
/** The API key the sandbox accepts (the server's default PAGESPEED_API_KEY outside production). */
export const PAGESPEED_SANDBOX_API_KEY = 'sandbox-pagespeed-key';

/** FNV-1a: a stable number for a text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A number in [0, 1) fixed by the text. */
const unit = (text: string) => hash(text) / 0x1_0000_0000;

/** What the sandbox says of a page: fixed by its URL, so a page keeps its character every day. */
export function sandboxPageProfile(url: string): { hasField: boolean; slow: boolean } {
  return { hasField: hash(`${url}#field`) % 3 !== 0, slow: hash(`${url}#slow`) % 4 === 0 };
}

/** Lighthouse's performance score for an LCP and TBT (a coarse fit of its log-normal curves). */
function score(lcpMs: number, tbtMs: number, cls: number): number {
  const part = (value: number, good: number, poor: number) =>
    Math.max(0, Math.min(1, 1 - (value - good) / (2 * (poor - good))));
  return Math.max(
    0.05,
    Math.min(1, 0.45 * part(lcpMs, 1200, 4000) + 0.4 * part(tbtMs, 100, 600) + 0.15 * part(cls, 0.05, 0.25)),
  );
}

/** The sandbox's answer for a URL, strategy and day. */
export function sandboxPagespeedResult(url: string, strategy: 'mobile' | 'desktop', day: string): unknown {
  const { hasField, slow } = sandboxPageProfile(url);
  const mobile = strategy === 'mobile' ? 1.9 : 1;
  const wander = 0.9 + 0.2 * unit(`${url}#${strategy}#${day}`);
  const base = 0.6 + 0.8 * unit(`${url}#base`);
  const lcp = Math.round((slow ? 2600 : 1100) * base * mobile * wander);
  const tbt = Math.round((slow ? 380 : 70) * base * mobile * wander);
  const labCls = Math.round((slow ? 0.18 : 0.03) * base * wander * 1000) / 1000;
  const fetchTime = `${day}T04:00:00.000Z`;
  const metric = (percentile: number, good: number, poor: number) => ({
    percentile,
    distributions: [],
    category: percentile <= good ? 'FAST' : percentile <= poor ? 'AVERAGE' : 'SLOW',
  });
  const fieldLcp = Math.round(lcp * 1.15);
  const fieldInp = Math.round((slow ? 320 : 120) * base * (strategy === 'mobile' ? 1.4 : 1) * wander);
  const fieldCls = Math.round(labCls * 100 * 1.1);
  return {
    captchaResult: 'CAPTCHA_NOT_NEEDED',
    kind: 'pagespeedonline#result',
    id: url,
    analysisUTCTimestamp: fetchTime,
    loadingExperience: hasField
      ? {
          id: url,
          metrics: {
            LARGEST_CONTENTFUL_PAINT_MS: metric(fieldLcp, 2500, 4000),
            INTERACTION_TO_NEXT_PAINT: metric(fieldInp, 200, 500),
            CUMULATIVE_LAYOUT_SHIFT_SCORE: metric(fieldCls, 10, 25),
          },
          overall_category: fieldLcp <= 2500 && fieldInp <= 200 && fieldCls <= 10 ? 'FAST' : 'AVERAGE',
          initial_url: url,
        }
      : { initial_url: url },
    lighthouseResult: {
      requestedUrl: url,
      finalUrl: url,
      lighthouseVersion: '12.6.0',
      fetchTime,
      configSettings: { emulatedFormFactor: strategy, formFactor: strategy, onlyCategories: ['performance'] },
      audits: {
        'largest-contentful-paint': {
          id: 'largest-contentful-paint',
          numericValue: lcp,
          numericUnit: 'millisecond',
          displayValue: `${(lcp / 1000).toFixed(1)} s`,
        },
        'total-blocking-time': {
          id: 'total-blocking-time',
          numericValue: tbt,
          numericUnit: 'millisecond',
          displayValue: `${tbt} ms`,
        },
        'cumulative-layout-shift': {
          id: 'cumulative-layout-shift',
          numericValue: labCls,
          numericUnit: 'unitless',
          displayValue: labCls.toFixed(3),
        },
      },
      categories: {
        performance: { id: 'performance', title: 'Performance', score: score(lcp, tbt, labCls) },
      },
    },
  };
}

type RunQuery = { Params: { version: string }; Querystring: Record<string, string | string[] | undefined> };

export const pagespeedSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  installSandboxApi(app, {
    faults: options.faults,
    render: (kind, message, status) => googleErrorBody(kind, message, status, { legacy: true }),
    store: null,
  });

  app.get<RunQuery>('/pagespeedonline/:version/runPagespeed', async (request) => {
    if (request.params.version !== PAGESPEED_API_VERSION) {
      throw new SandboxApiError('not_found', `Method not found: pagespeedonline.${request.params.version}.`);
    }
    const { key, url, strategy } = request.query;
    if (key === undefined || key === '') {
      throw new SandboxApiError(
        'permission_denied',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
    }
    if (key !== PAGESPEED_SANDBOX_API_KEY) {
      throw new SandboxApiError('invalid_argument', 'API key not valid. Please pass a valid API key.');
    }
    if (typeof url !== 'string' || !/^https?:\/\/\S+$/i.test(url)) {
      throw new SandboxApiError(
        'invalid_argument',
        "Invalid value at 'url' (TYPE_STRING), " + JSON.stringify(url ?? ''),
      );
    }
    const wanted = typeof strategy === 'string' ? strategy.toLowerCase() : 'desktop';
    if (wanted !== 'mobile' && wanted !== 'desktop') {
      throw new SandboxApiError(
        'invalid_argument',
        `Invalid value at 'strategy' (type.googleapis.com/google.chrome.lighthouse.v1.Strategy), "${String(strategy)}"`,
      );
    }
    if (new URL(url).hostname.endsWith('.invalid')) {
      throw new SandboxApiError(
        'server_error',
        `Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested. Make sure you are testing the correct URL and that the server is properly responding to all requests. (Details: net::ERR_NAME_NOT_RESOLVED)`,
      );
    }
    const day = new Date(now()).toISOString().slice(0, 10);
    return sandboxPagespeedResult(url, wanted, day);
  });
};
