import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import { recordingSleep } from '../../testing';
import { useSandbox } from '../../testing/suite';
import { createSerpClient, readSerpAnswer } from './client';
import {
  DATAFORSEO_SANDBOX_CREDENTIALS,
  DATAFORSEO_SANDBOX_PREFIX,
  SANDBOX_SERP_COMPETITORS,
  SANDBOX_SERP_COST,
  dataforseoSandbox,
} from './sandbox';

const NOW = Date.parse('2026-11-20T10:00:00Z');
const GREECE = { locationCode: 2300, languageCode: 'el' };
const TERMS = [
  'hiking boots',
  'trail running shoes',
  'waterproof jacket',
  'tents',
  'sleeping bag',
  'backpack 40l',
];

describe('DataForSEO SERP API v3 against the sandbox', () => {
  const sandbox = useSandbox({
    apis: [{ prefix: DATAFORSEO_SANDBOX_PREFIX, plugin: dataforseoSandbox }],
    now: NOW,
  });
  const client = (options: { password?: string; sleep?: (ms: number) => Promise<void> } = {}) =>
    createSerpClient({
      baseUrl: sandbox.harness.endpoints.dataforseo,
      login: DATAFORSEO_SANDBOX_CREDENTIALS.login,
      password: options.password ?? DATAFORSEO_SANDBOX_CREDENTIALS.password,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });

  it('reads the organic and paid domains of a page, its cost, the same page twice', async () => {
    const results = await Promise.all(TERMS.map((keyword) => client().search({ keyword, ...GREECE })));
    for (const result of results) {
      const organic = result.items.filter((i) => i.type === 'organic');
      expect(organic.map((i) => i.rank)).toEqual(organic.map((_, i) => i + 1));
      expect(organic.length).toBe(10);
      // `www.` is not a domain of its own.
      expect(result.items.every((i) => !i.domain.startsWith('www.'))).toBe(true);
      expect(result.costMicros).toBe(SANDBOX_SERP_COST * 1_000_000);
      expect(result.checkedAt).toBe('2026-11-20T10:00:00.000Z');
    }
    const domains = new Set(results.flatMap((r) => r.items.map((i) => i.domain)));
    for (const competitor of SANDBOX_SERP_COMPETITORS) expect(domains).toContain(competitor.domain);
    expect(results.some((r) => r.items.some((i) => i.type === 'paid'))).toBe(true);
    expect(await client().search({ keyword: TERMS[0] as string, ...GREECE })).toEqual(results[0]);
  });

  it('refuses wrong credentials with the provider’s message', async () => {
    await expect(client({ password: 'nope' }).search({ keyword: 'tents', ...GREECE })).rejects.toMatchObject({
      kind: 'reauthorization_required',
      status: 401,
      message: 'You are not authorized to access this resource.',
    });
  });

  it('names a refused task (an unknown language) in the provider’s words', async () => {
    await expect(
      client().search({ keyword: 'tents', locationCode: 2300, languageCode: 'greek' }),
    ).rejects.toMatchObject({ kind: 'provider', message: "Invalid Field: 'language_code'." });
  });

  it('waits as Retry-After says on a 429, then answers; fails rate-limited when they do not stop', async () => {
    sandbox.harness
      .faults(DATAFORSEO_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 7 }, { times: 2 });
    const { sleep, waits } = recordingSleep();
    const result = await client({ sleep }).search({ keyword: 'tents', ...GREECE });
    expect(waits).toEqual([7000, 7000]);
    expect(result.items.length).toBeGreaterThan(0);
    sandbox.harness
      .faults(DATAFORSEO_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 1 }, { times: 10 });
    await expect(client({ sleep }).search({ keyword: 'tents', ...GREECE })).rejects.toMatchObject({
      kind: 'rate_limited',
      status: 429,
    });
    sandbox.harness.faults(DATAFORSEO_SANDBOX_PREFIX).clear();
  });

  it('refuses a malformed payload instead of an empty page', async () => {
    sandbox.harness.faults(DATAFORSEO_SANDBOX_PREFIX).add({ kind: 'malformed' });
    const failure = await client()
      .search({ keyword: 'tents', ...GREECE })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toMatch(/^DataForSEO answered an unexpected payload/);
  });
});

describe('reading an answer', () => {
  const query = { keyword: 'tents', ...GREECE };
  it('a 40202 envelope is the rate limit; a task error is the provider’s refusal', () => {
    expect(() =>
      readSerpAnswer(query, { status_code: 40202, status_message: 'Rate limit', tasks: [] }),
    ).toThrow(expect.objectContaining({ kind: 'rate_limited', message: 'Rate limit' }));
    const task = { status_code: 40200, status_message: 'Payment Required.', result: null };
    expect(() => readSerpAnswer(query, { status_code: 20000, status_message: 'Ok.', tasks: [task] })).toThrow(
      expect.objectContaining({ kind: 'provider', message: 'Payment Required.' }),
    );
  });
  it('an organic item without a domain is malformed, other item types are skipped', () => {
    const body = (items: unknown[]) => ({
      status_code: 20000,
      status_message: 'Ok.',
      tasks: [
        { status_code: 20000, status_message: 'Ok.', cost: 0.002, result: [{ keyword: 'tents', items }] },
      ],
    });
    const read = readSerpAnswer(
      query,
      body([{ type: 'people_also_ask' }, { type: 'organic', rank_group: 1, domain: 'WWW.A.example' }]),
    );
    expect(read.items).toEqual([{ type: 'organic', domain: 'a.example', rank: 1, url: null }]);
    expect(() => readSerpAnswer(query, body([{ type: 'organic', rank_group: 1 }]))).toThrow(
      /unexpected payload/,
    );
  });
});
