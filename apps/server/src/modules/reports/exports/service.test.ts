// The render routes' rules (issue 32): a render token reads one page of one report of one
// organization, under its own state, for five minutes; nothing else, whatever the request says.
import { encodeReportState, type ReportQueryResponse } from '@maya/contracts';
import { MAYA_REPORT, MARKETING_SEMANTIC_MODEL, effectiveFilters } from '@maya/analytics';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../../platform/config';
import type { RateLimiter } from '../../../platform/ratelimit/limiter';
import { secretsFrom } from '../../../platform/secrets';
import type { CatalogScope, ReportCatalog } from '../catalog';
import type { ReportEngine, VisualRequest } from '../engine';
import { createExports } from './service';

const ORG_A = '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02';
const ORG_B = '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01';
const ANSWER: ReportQueryResponse = {
  columns: [],
  rows: [],
  truncated: false,
  sampled: false,
  totals: null,
  comparison: null,
};

/** Exports over a catalog that has -maya in both organizations, a clock and a renderer that keeps the URL. */
function harness() {
  let now = new Date('2026-11-29T08:00:00Z');
  const queried: { organizationId: string; slug: string; request: VisualRequest }[] = [];
  const rendered: string[] = [];
  const catalog = {
    find: async (_scope: CatalogScope, slug: string) =>
      slug === '-maya'
        ? { document: MAYA_REPORT, model: MARKETING_SEMANTIC_MODEL, isCustom: false, createdBy: null }
        : null,
  };
  const engine = {
    query: async (organizationId: string, report: { document: { slug: string } }, request: VisualRequest) => {
      queried.push({ organizationId, slug: report.document.slug, request });
      return ANSWER;
    },
    dataThrough: async () => '2026-11-28',
  };
  const rateLimiter = { check: async () => {} };
  const exports = createExports({
    platform: {
      config: { appUrl: 'http://app.test' } as Config,
      secrets: secretsFrom('a-root-secret-of-this-installation'),
      rateLimiter: rateLimiter as unknown as RateLimiter,
    },
    catalog: catalog as unknown as ReportCatalog,
    engine: engine as unknown as ReportEngine,
    now: () => now,
    organizationCurrency: async () => 'EUR',
    renderer: {
      render: async (url) => {
        rendered.push(url);
        return Buffer.from('%PDF-');
      },
    },
  });
  /** The token of a render of `page` under `state` (what the renderer was sent). */
  const tokenFor = async (page: string, state: string | null, organizationId = ORG_A) => {
    await exports.page({ organizationId, isDemo: false }, '-maya', { page, state, format: 'pdf' });
    const url = rendered[rendered.length - 1] ?? '';
    expect(url.startsWith('http://app.test/render#')).toBe(true);
    return url.slice('http://app.test/render#'.length);
  };
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  return { exports, queried, tokenFor, later };
}

const visualOf = (page: string, visual_id: string, over: Partial<VisualRequest> = {}) => ({
  page,
  visual_id,
  filters: [],
  date_range: null,
  sort: null,
  ...over,
});

const refused = { status: 401, type: 'invalid_render_token' };

describe('the render routes', () => {
  it("answer the token's page under the token's state, the filters the server's own", async () => {
    const t = harness();
    const state = encodeReportState({
      version: 1,
      page: 'campaigns',
      filters: [
        {
          id: 'channel',
          kind: 'list',
          table: 'performance',
          column: 'channel',
          mode: 'include',
          values: ['Google Ads'],
        },
      ],
      slicers: [],
      sort: [],
    });
    const token = await t.tokenFor('campaigns', state);
    const access = await t.exports.renderAccess(token);
    expect(access.document.pages.map((p) => p.name)).toEqual(['campaigns']);
    expect(access.state).toBe(state);
    expect(access.currency_id).toBe('EUR');

    // The request drops the channel filter: the server puts the state's back.
    const campaigns = MAYA_REPORT.pages.find((p) => p.name === 'campaigns');
    const visual = campaigns?.visuals[0]?.id ?? '';
    await t.exports.renderQuery(token, visualOf('campaigns', visual));
    expect(t.queried).toHaveLength(1);
    expect(t.queried[0]?.organizationId).toBe(ORG_A);
    expect(t.queried[0]?.slug).toBe('-maya');
    expect(t.queried[0]?.request.filters).toEqual(
      effectiveFilters(MAYA_REPORT, campaigns ?? MAYA_REPORT.pages[0]!, {
        version: 1,
        page: 'campaigns',
        filters: [
          {
            id: 'channel',
            kind: 'list',
            table: 'performance',
            column: 'channel',
            mode: 'include',
            values: ['Google Ads'],
          },
        ],
        slicers: [],
        sort: [],
      }),
    );
    expect(
      t.queried[0]?.request.filters.some(
        (f) => f.id === 'channel' && f.kind === 'list' && f.values.length === 1,
      ),
    ).toBe(true);
  });

  it('refuse another page of the report', async () => {
    const t = harness();
    const token = await t.tokenFor('overview', null);
    await expect(t.exports.renderQuery(token, visualOf('campaigns', 'campaigns'))).rejects.toMatchObject(
      refused,
    );
    expect(t.queried).toEqual([]);
  });

  it('refuse the token once it expired (five minutes)', async () => {
    const t = harness();
    const token = await t.tokenFor('overview', null);
    t.later(4 * 60_000);
    await t.exports.renderAccess(token);
    t.later(60_000);
    await expect(t.exports.renderAccess(token)).rejects.toMatchObject(refused);
    await expect(t.exports.renderQuery(token, visualOf('overview', 'spend'))).rejects.toMatchObject(refused);
  });

  it('refuse a token turned to another organization or report (the signature no longer holds)', async () => {
    const t = harness();
    const token = await t.tokenFor('overview', null);
    const [payload = '', signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const change of [{ o: ORG_B }, { r: '-seo-v1' }]) {
      const forged = `${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${signature}`;
      await expect(t.exports.renderAccess(forged)).rejects.toMatchObject(refused);
    }
    expect(t.queried).toEqual([]);
  });

  it('draw only pages the report has, under a state it can show', async () => {
    const t = harness();
    await expect(t.tokenFor('nowhere', null)).rejects.toMatchObject({ status: 422 });
    const foreign = encodeReportState({
      version: 1,
      page: 'overview',
      filters: [],
      slicers: [],
      sort: [{ visual_id: 'nope', sort: [] }],
    });
    await expect(t.tokenFor('overview', foreign)).rejects.toThrow();
  });
});
