import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import { recordingSleep } from '../../testing';
import { useSandbox } from '../../testing/suite';
import { createPagespeedClient, readPagespeedAnswer } from './client';
import {
  PAGESPEED_SANDBOX_API_KEY,
  PAGESPEED_SANDBOX_PREFIX,
  pagespeedSandbox,
  sandboxPageProfile,
} from './sandbox';

const NOW = Date.parse('2026-11-20T10:00:00Z');
const PAGES = Array.from({ length: 12 }, (_, i) => `https://shop.example.com/page-${i}`);

describe('PageSpeed Insights API v5 against the sandbox', () => {
  const sandbox = useSandbox({
    apis: [{ prefix: PAGESPEED_SANDBOX_PREFIX, plugin: pagespeedSandbox }],
    now: NOW,
  });
  const client = (options: { apiKey?: string; sleep?: (ms: number) => Promise<void> } = {}) =>
    createPagespeedClient({
      baseUrl: sandbox.harness.endpoints.pagespeed,
      apiKey: options.apiKey ?? PAGESPEED_SANDBOX_API_KEY,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });

  it('reads the score and the vitals, field data where CrUX has it and lab values otherwise', async () => {
    const results = await Promise.all(PAGES.map((url) => client().run(url, 'mobile')));
    for (const [i, result] of results.entries()) {
      const url = PAGES[i] as string;
      const { hasField } = sandboxPageProfile(url);
      expect(result.url).toBe(url);
      expect(result.performanceScore).toBeGreaterThanOrEqual(0);
      expect(result.performanceScore).toBeLessThanOrEqual(100);
      expect(result.lcpMs).toBeGreaterThan(0);
      expect(result.cls).toBeGreaterThanOrEqual(0);
      expect(result.lcpSource).toBe(hasField ? 'field' : 'lab');
      expect(result.inpSource).toBe(hasField ? 'field' : 'lab');
    }
    // The sandbox plays a mix: some pages with field data, some lab only, some slow.
    expect(new Set(results.map((r) => r.lcpSource))).toEqual(new Set(['field', 'lab']));
    expect(results.some((r) => r.lcpMs > 4000)).toBe(true);
    expect(results.some((r) => r.lcpMs <= 2500)).toBe(true);
    // Deterministic: the same page and day give the same answer; desktop is faster than mobile.
    expect(await client().run(PAGES[0] as string, 'mobile')).toEqual(results[0]);
    const desktop = await client().run(PAGES[0] as string, 'desktop');
    expect(desktop.lcpMs).toBeLessThan((results[0] as { lcpMs: number }).lcpMs);
  });

  it('refuses a wrong API key with Google’s message', async () => {
    await expect(client({ apiKey: 'nope' }).run(PAGES[0] as string, 'mobile')).rejects.toMatchObject({
      kind: 'provider',
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
    });
  });

  it('waits as Retry-After says on a 429, then answers', async () => {
    sandbox.harness
      .faults(PAGESPEED_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 7 }, { times: 2 });
    const { sleep, waits } = recordingSleep();
    const result = await client({ sleep }).run(PAGES[1] as string, 'desktop');
    expect(waits).toEqual([7000, 7000]);
    expect(result.performanceScore).toBeGreaterThan(0);
  });

  it('fails with the quota message when the 429s do not stop', async () => {
    sandbox.harness
      .faults(PAGESPEED_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 1 }, { times: 10 });
    const { sleep } = recordingSleep();
    await expect(client({ sleep }).run(PAGES[1] as string, 'desktop')).rejects.toMatchObject({
      kind: 'rate_limited',
      status: 429,
    });
  });

  it('refuses a malformed payload instead of storing zeros', async () => {
    sandbox.harness.faults(PAGESPEED_SANDBOX_PREFIX).add({ kind: 'malformed' });
    const failure = await client()
      .run(PAGES[2] as string, 'mobile')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toMatch(/^PageSpeed Insights answered an unexpected payload/);
  });

  it('names Lighthouse’s error for a page it cannot load', async () => {
    const { sleep } = recordingSleep();
    await expect(client({ sleep }).run('https://down.invalid/', 'mobile')).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringMatching(/^Lighthouse returned error: FAILED_DOCUMENT_REQUEST/),
    });
  });
});

describe('reading an answer', () => {
  const lab = (overrides: Record<string, unknown> = {}) => ({
    lighthouseResult: {
      fetchTime: '2026-11-20T04:00:00.000Z',
      categories: { performance: { score: 0.42 } },
      audits: {
        'largest-contentful-paint': { numericValue: 3210.4 },
        'cumulative-layout-shift': { numericValue: 0.1234 },
        'total-blocking-time': { numericValue: 250 },
      },
      ...overrides,
    },
  });

  it('takes CrUX’s layout shift as the percentile over 100, and ignores an origin’s fallback', () => {
    const field = {
      metrics: {
        LARGEST_CONTENTFUL_PAINT_MS: { percentile: 2100 },
        INTERACTION_TO_NEXT_PAINT: { percentile: 180 },
        CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 7 },
      },
    };
    expect(
      readPagespeedAnswer('https://a.example/', 'mobile', { ...lab(), loadingExperience: field }),
    ).toMatchObject({
      performanceScore: 42,
      lcpMs: 2100,
      lcpSource: 'field',
      inpMs: 180,
      cls: 0.07,
      clsSource: 'field',
    });
    expect(
      readPagespeedAnswer('https://a.example/', 'mobile', {
        ...lab(),
        loadingExperience: { ...field, origin_fallback: true },
      }),
    ).toMatchObject({
      lcpMs: 3210,
      lcpSource: 'lab',
      inpMs: 250,
      inpSource: 'lab',
      cls: 0.123,
      clsSource: 'lab',
    });
  });

  it('refuses a run without a score or with Lighthouse’s runtime error', () => {
    expect(() =>
      readPagespeedAnswer(
        'https://a.example/',
        'mobile',
        lab({ categories: { performance: { score: null } } }),
      ),
    ).toThrow('Lighthouse gave no performance score for the page');
    expect(() =>
      readPagespeedAnswer(
        'https://a.example/',
        'mobile',
        lab({ runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' } }),
      ),
    ).toThrow('Lighthouse returned error: The page did not paint any content.');
  });
});
