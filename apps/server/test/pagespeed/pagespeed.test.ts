// PageSpeed URLs over HTTP (spec 001 §2 PageSpeed, §5, §7, §9; issue 29): the list saved whole,
// refused whole (a 422 that changes nothing) when a URL is empty, not http(s), repeated, or when
// there are 251; a save measures the new URLs through the sandbox PageSpeed Insights API on both
// strategies and the -pagespeed report shows them beside the pages' search clicks; a provider
// error, a quota answer (429 with Retry-After) or a malformed payload is told in the run's status
// and leaves the earlier results as they were; another organization sees none of it.
import { CANONICAL_MODELS, MODEL_SCHEMA, modelTable } from '@maya/analytics';
import { pagespeedMessages, utcDay } from '@maya/contracts';
import { duckDbFileFor, openDuckDbWarehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { setSandboxFaults } from '../support/sources';
import { entry, owner, pagespeedApi, storedUrls, type PagespeedApi } from './support';

let t: AccountsApp;
let alice: Awaited<ReturnType<typeof owner>>;
let mallory: Awaited<ReturnType<typeof owner>>;
let api: PagespeedApi;
let malloryApi: PagespeedApi;

const HOME = 'https://shop.example.com/';
const SHOES = 'https://shop.example.com/shoes';
const BLOG = 'https://shop.example.com/blog/speed';

/** Search Console's landing pages, as a load builds them, in alice's warehouse. */
async function seedSearchClicks(): Promise<void> {
  const warehouse = await openDuckDbWarehouse({
    file: duckDbFileFor(t.config.dataDir, alice.organizationId),
    sharing: t.app.platform.warehouseFiles.sharing,
  });
  const day = (ago: number) => utcDay(new Date(Date.now() - ago * 86_400_000));
  const row = (url: string, ago: number, clicks: number) => ({
    date: day(ago),
    source_service: 'google_search_console',
    account_id: 'sc-domain:shop.example.com',
    url,
    clicks,
    impressions: clicks * 20,
    sum_position: clicks * 30,
  });
  const landingPages = CANONICAL_MODELS.find((model) => model.name === 'landing_pages');
  if (landingPages === undefined) throw new Error('no landing_pages model');
  try {
    await warehouse.ensureSchema(MODEL_SCHEMA);
    await warehouse.createTable(MODEL_SCHEMA, modelTable(landingPages));
    await warehouse.loadBatch(MODEL_SCHEMA, landingPages.name, [
      [
        row(SHOES, 1, 900),
        row(SHOES, 2, 300),
        row(HOME, 1, 400),
        row('https://shop.example.com/sale', 3, 700),
        row('https://shop.example.com/old', 60, 5000),
      ],
    ]);
  } finally {
    await warehouse.close();
  }
}

beforeAll(async () => {
  t = await startAccountsApp();
  alice = await owner(t, 'pagespeed-alice@example.com');
  mallory = await owner(t, 'pagespeed-mallory@example.com');
  api = pagespeedApi(t, alice, alice.organizationId);
  malloryApi = pagespeedApi(t, mallory, mallory.organizationId);
  await seedSearchClicks();
}, 120_000);
afterAll(() => t.close());

type Issue = { loc: (string | number)[]; msg: string };

describe('the list', () => {
  it('starts empty, with no run', async () => {
    const answer = await api.list();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ urls: [], last_run: null });
    // The report is listed from the first stored measurement.
    const reports = await call(t.base, 'GET', `/reports?organization_id=${alice.organizationId}`, {
      token: alice.token,
    });
    expect((reports.body.reports as { slug: string }[]).map((r) => r.slug)).not.toContain('-pagespeed');
  });

  it('refuses empty, non-http(s) and repeated URLs with the spec’s messages, changing nothing', async () => {
    const kept = [entry(HOME)];
    expect((await api.save(kept)).status).toBe(200);
    const refused = await api.save([
      entry(HOME),
      entry('   '),
      entry('ftp://shop.example.com/file'),
      entry('shop.example.com/no-scheme'),
      entry('HTTPS://shop.example.com'),
    ]);
    expect(refused.status).toBe(422);
    const issues = (refused.body.detail as Issue[]).map((i) => [i.loc.slice(-3).join('.'), i.msg]);
    expect(issues).toEqual([
      ['urls.1.url_link', pagespeedMessages.emptyUrl],
      ['urls.2.url_link', pagespeedMessages.invalidUrl],
      ['urls.3.url_link', pagespeedMessages.invalidUrl],
      ['urls.4.url_link', pagespeedMessages.duplicateUrl],
    ]);
    expect(await storedUrls(t, alice.organizationId)).toEqual([HOME]);
  });

  it('refuses 251 URLs and keeps the list it had', async () => {
    const many = Array.from({ length: 251 }, (_, i) => entry(`https://many.example.com/p/${i}`));
    const refused = await api.save(many);
    expect(refused.status).toBe(422);
    expect((refused.body.detail as Issue[]).map((i) => i.msg)).toContain(pagespeedMessages.tooManyUrls);
    expect(await storedUrls(t, alice.organizationId)).toEqual([HOME]);
  });

  it('is not another organization’s to read or change', async () => {
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/pagespeed_urls?organization_id=${alice.organizationId}`,
      headers: { authorization: `Bearer ${mallory.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await malloryApi.list()).body.urls).toEqual([]);
  });
});

describe('measuring', () => {
  it('measures new URLs on save, on both strategies, and the report shows them with their clicks', async () => {
    const saved = await api.save([entry(HOME), entry(SHOES), entry(BLOG)]);
    expect(saved.status).toBe(200);
    expect(saved.body.urls.map((u: { url_link: string }) => u.url_link)).toEqual([HOME, SHOES, BLOG]);
    const settled = await api.settled();
    expect(settled.body.last_run).toMatchObject({ status: 'finished', measured: 6, failures: [] });

    const reports = await call(t.base, 'GET', `/reports?organization_id=${alice.organizationId}`, {
      token: alice.token,
    });
    expect(reports.body.reports).toContainEqual(
      expect.objectContaining({ slug: '-pagespeed', name: 'PageSpeed' }),
    );
    const table = await api.query('urls');
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const rows = table.body.rows as Record<string, unknown>[];
    expect(rows).toHaveLength(6);
    // The most clicked page first: slow pages that matter stand out.
    expect(rows[0]).toMatchObject({ url: SHOES, search_clicks: 1200 });
    expect(rows.find((r) => r.url === HOME)).toMatchObject({ search_clicks: 400 });
    expect(rows.find((r) => r.url === BLOG)).toMatchObject({ search_clicks: 0 });
    for (const row of rows) {
      expect(['mobile', 'desktop']).toContain(row.strategy);
      expect(row.score).toEqual(expect.any(Number));
      expect(Number(row.lcp_s)).toBeGreaterThan(0);
      expect(['Good', 'Needs improvement', 'Poor']).toContain(row.assessment);
      expect(['Field (CrUX)', 'Lab (Lighthouse)', 'Field and lab']).toContain(row.data_source);
    }
    // Each vital over time beside its "good" threshold.
    const lcp = await api.query('lcp');
    expect(lcp.status).toBe(200);
    expect((lcp.body.rows as Record<string, unknown>[])[0]).toMatchObject({ lcp_good: 2.5 });
    // Filterable like any report: one URL alone.
    const one = await api.query('urls', [
      { id: 'filter-url', kind: 'list', table: 'pagespeed', column: 'url', mode: 'include', values: [BLOG] },
    ]);
    expect((one.body.rows as Record<string, unknown>[]).map((r) => r.url)).toEqual([BLOG, BLOG]);
  });

  it('suggests the most clicked pages of the last 28 days that the list lacks, and gives each listed page its clicks', async () => {
    const top = await api.top();
    expect(top.status).toBe(200);
    expect(top.body).toEqual({
      urls: [{ url_link: 'https://shop.example.com/sale', clicks: 700 }],
      // Beside each URL of the list, in its order, its clicks over the same 28 days.
      listed: [
        { url_link: HOME, clicks: 400 },
        { url_link: SHOES, clicks: 1200 },
        { url_link: BLOG, clicks: 0 },
      ],
      days: 28,
      source: 'google_search_console',
    });
    expect((await malloryApi.top()).body).toEqual({ urls: [], listed: [], days: 28, source: null });
  });

  it('keeps the earlier results of URLs the provider refused, rate-limited or answered malformed', async () => {
    const before = (await api.query('urls')).body.rows as Record<string, unknown>[];
    await setSandboxFaults(t, 'pagespeed', [
      { kind: 'malformed', path: 'shoes', times: 2 },
      { kind: 'rate_limit', retry_after_s: 0, path: 'blog', times: 100 },
      {
        kind: 'provider_error',
        status: 400,
        message: 'Invalid URL.',
        path: 'shop.example.com%2F&',
        times: 2,
      },
    ]);
    try {
      expect((await api.run()).status).toBe(202);
      const settled = await api.settled();
      const run = settled.body.last_run as {
        status: string;
        measured: number;
        failures: { url_link: string; message: string }[];
      };
      expect(run.status).toBe('finished');
      expect(run.measured).toBe(0);
      const messages = new Map(run.failures.map((f) => [f.url_link, f.message]));
      expect(messages.get(SHOES)).toMatch(/^Error 200: PageSpeed Insights answered an unexpected payload/);
      expect(messages.get(BLOG)).toMatch(/^Error 429: Quota exceeded/);
      expect(messages.get(HOME)).toBe('Error 400: Invalid URL.');
      expect(run.failures).toHaveLength(6);
    } finally {
      await setSandboxFaults(t, 'pagespeed', null);
    }
    expect((await api.query('urls')).body.rows).toEqual(before);
  });

  it('the daily schedule measures every URL of each organization that has some', async () => {
    const before = (await api.list()).body.last_run as { finished_at: string };
    await t.app.platform.jobs.boss.send('pagespeed.schedule', {});
    await expect
      .poll(async () => (await api.list()).body.last_run?.finished_at as string | null, { timeout: 60_000 })
      .not.toBe(before.finished_at);
    const settled = await api.settled();
    expect(settled.body.last_run).toMatchObject({ status: 'finished', measured: 6, failures: [] });
    expect((await malloryApi.list()).body.last_run).toBeNull();
  });

  it('refuses to run an empty list', async () => {
    const answer = await malloryApi.run();
    expect(answer.status).toBe(400);
    expect(answer.body.detail.type).toBe('pagespeed_no_urls');
  });
});
