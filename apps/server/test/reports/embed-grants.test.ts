// The guarantees of an embed grant (docs/decisions.md, "Embed grants"): its token opens the
// embedded view and no more (the grant's filters apply to every query, whatever the client
// sends; widening is refused), revocation takes effect at once on every app instance, a token
// expires only when its creator chose an expiry, and it opens one organization's one report.
import { encodeReportState, type ReportFilter, addDays, utcDay } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_TOKEN_KEY_PURPOSE, signEmbedToken } from '../../src/modules/reports';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';
import { startReportsApp, type ReportsApp } from './reports-app';
import { invitedMember } from './reports-support';
import { REPORTS_TEST_HISTORY } from '../support/constants';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;

const DAY = 86_400_000;
let clock = new Date();
let t: AccountsApp;
/** Two API processes over one database: what one revokes, the other refuses at once. */
let one: ReportsApp;
let two: ReportsApp;
let owner: Owner;

beforeAll(async () => {
  t = await startAccountsApp(REPORTS_TEST_HISTORY);
  one = await startReportsApp(t, { now: () => clock });
  two = await startReportsApp(t, { now: () => clock });
  owner = await organizationOwner(t, 'grants-owner@example.com');
  const { accounts } = await connectGoogleAds(t, owner, 1);
  expect(await accountSettled(t, owner, accounts[0]!.uuid, 120_000)).toMatchObject({
    sync_status: 'finished',
  });
}, 180_000);

afterAll(async () => {
  await two?.close();
  await one?.close();
  await t?.close();
});

const lastDays = (count: number): ReportFilter => ({
  id: 'date',
  kind: 'relative_date',
  table: 'performance',
  column: 'date',
  operator: 'in_the_last',
  count,
  unit: 'day',
});
const channels = (values: string[]): ReportFilter => ({
  id: 'channel',
  kind: 'list',
  table: 'performance',
  column: 'channel',
  mode: 'include',
  values,
});
/** The embedded view: -maya's Channels page over the last 7 days, every channel. */
const LAST_WEEK = encodeReportState({
  version: 1,
  page: 'channels',
  filters: [lastDays(7)],
  slicers: [],
  sort: [],
});
/** The filters the dashboard sends for that view (the report's, as the state set them). */
const WEEK_FILTERS = [lastDays(7), channels([])];

const forbidden = { status: 403, body: { detail: { type: 'embed_filter_not_allowed' } } };
const invalidToken = { status: 401, body: { detail: { type: 'invalid_embed_token' } } };

const createGrant = (body: Record<string, unknown>, as: { token: string; organizationId: string } = owner) =>
  one.call('POST', '/reports/-maya/embed-token', as.token, {
    organization_id: as.organizationId,
    state: null,
    ...body,
  });
async function grant(body: Record<string, unknown> = {}) {
  const made = await createGrant(body);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { id: string; token: string; expires_at: string | null };
}
const listGrants = (as: { token: string; organizationId: string } = owner, slug = '-maya') =>
  one.call('GET', `/reports/${slug}/embeds?organization_id=${as.organizationId}`, as.token);
const revoke = (id: string, as: { token: string; organizationId: string } = owner, slug = '-maya') =>
  one.call('DELETE', `/reports/${slug}/embeds/${id}?organization_id=${as.organizationId}`, as.token);

/** Daily performance (a row a day) through the embed, with the filters and range given. */
const daily = (app: ReportsApp, token: string, filters: unknown[], date_range: unknown = null) =>
  app.call('POST', `/embed/${token}/query`, null, {
    page: 'channels',
    visual_id: 'daily-performance',
    filters,
    date_range,
    sort: null,
  });
const days = (body: Record<string, unknown>) =>
  (body.rows as Record<string, unknown>[]).map((row) => String(row.date));
const today = () => utcDay(clock);

describe('an embed grant’s filters', () => {
  let weekStart: string;

  beforeAll(async () => {
    // The organization has months of data: the view must keep to its last week of it.
    const app = await one.call('POST', '/reports/-maya/query', owner.token, {
      organization_id: owner.organizationId,
      report: '-maya',
      page: 'channels',
      visual_id: 'daily-performance',
      filters: [lastDays(730), channels([])],
      date_range: null,
      sort: null,
    });
    expect(app.status, JSON.stringify(app.body)).toBe(200);
    expect(Math.min(...days(app.body).map(Date.parse))).toBeLessThan(Date.parse(addDays(today(), -100)));
    weekStart = addDays(today(), -7);
  });

  it('apply to the view the dashboard asks for', async () => {
    const { token } = await grant({ state: LAST_WEEK });
    const answer = await daily(one, token, WEEK_FILTERS);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(days(answer.body).length).toBeGreaterThan(0);
    for (const day of days(answer.body)) expect(day >= weekStart, day).toBe(true);
  });

  it('refuse a query that drops, widens or changes them, or adds its own, when the grant allows no filtering', async () => {
    const { token } = await grant({ state: LAST_WEEK });
    const twoYears = { from: addDays(today(), -730), to: today() };
    const attempts: [string, unknown[], unknown][] = [
      ['no filters at all', [], null],
      ['the date filter dropped', [channels([])], null],
      ['the date filter widened', [lastDays(730), channels([])], null],
      [
        'the date filter swapped for an advanced one',
        [
          { ...lastDays(7), kind: 'advanced_date', operator: 'is_after', value: '2000-01-01T12:00' },
          channels([]),
        ],
        null,
      ],
      ['a wider date range', WEEK_FILTERS, twoYears],
      ['a filter of its own', [...WEEK_FILTERS, channels(['Google Ads'])], null],
      ['an open filter set', [lastDays(7), channels(['Google Ads'])], null],
      [
        'a filter under another id',
        [...WEEK_FILTERS, { ...channels([]), id: 'other', column: 'campaign', values: ['x'] }],
        null,
      ],
    ];
    for (const [what, filters, range] of attempts) {
      expect(await daily(one, token, filters, range), what).toMatchObject(forbidden);
    }
  });

  it('let viewers narrow within them when the grant allows filtering, and never widen', async () => {
    const { token } = await grant({ state: LAST_WEEK, allow_filtering: true });
    const week = await daily(one, token, WEEK_FILTERS);
    expect(week.status, JSON.stringify(week.body)).toBe(200);

    const narrowed = await daily(one, token, [lastDays(7), channels(['No such channel'])]);
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.rows).toEqual([]);

    // A date range narrows like any filter: the rows are those of both, never outside the week.
    const twoYears = { from: addDays(today(), -730), to: today() };
    const clamped = await daily(one, token, WEEK_FILTERS, twoYears);
    expect(clamped.status, JSON.stringify(clamped.body)).toBe(200);
    expect(days(clamped.body)).toEqual(days(week.body));

    for (const [what, filters] of [
      ['dropped', [channels([])]],
      ['widened', [lastDays(730), channels([])]],
      ['none', []],
    ] as const) {
      expect(await daily(one, token, [...filters]), what).toMatchObject(forbidden);
    }
  });

  it('bound the filter values an embedded viewer may list', async () => {
    const { token } = await grant({ state: LAST_WEEK, allow_filtering: true });
    const values = (column: string) =>
      one.call(
        'GET',
        `/embed/${token}/filter-values?datasetId=marketing&table=performance&column=${column}`,
        null,
      );
    const dates = await values('date');
    expect(dates.status, JSON.stringify(dates.body)).toBe(200);
    expect(dates.body.data.length).toBeGreaterThan(0);
    for (const day of dates.body.data as string[]) expect(day >= weekStart, day).toBe(true);
    // Columns that no filter or slicer of the report offers are not listed.
    expect(await values('campaign')).toMatchObject(forbidden);
    expect(await values('ad_group')).toMatchObject(forbidden);
  });

  it('apply to the report as saved when the grant has no state (its own last 30 days)', async () => {
    const { token } = await grant({ state: null });
    expect(await daily(one, token, [])).toMatchObject(forbidden);
    const saved = await daily(one, token, [lastDays(30), channels([])]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const day of days(saved.body)) expect(day >= addDays(today(), -30), day).toBe(true);
  });
});

describe('revoking an embed grant', () => {
  it('lists the grants of the report and refuses a revoked token at once, on every instance', async () => {
    const made = await grant({ state: LAST_WEEK });
    // Both instances have opened and queried it: nothing they remember may keep it alive.
    for (const app of [one, two]) {
      expect((await app.call('GET', `/embed/${made.token}`, null)).status).toBe(200);
      expect((await daily(app, made.token, WEEK_FILTERS)).status).toBe(200);
    }
    const listed = await listGrants();
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.embeds).toContainEqual(
      expect.objectContaining({
        id: made.id,
        report_slug: '-maya',
        state: LAST_WEEK,
        allow_filtering: false,
        expires_at: null,
        status: 'active',
        created_by: expect.objectContaining({ email: 'grants-owner@example.com' }),
        last_used_at: expect.any(String),
      }),
    );

    expect(await revoke(made.id)).toMatchObject({ status: 204 });
    for (const app of [one, two]) {
      expect(await app.call('GET', `/embed/${made.token}`, null)).toMatchObject(invalidToken);
      expect(await daily(app, made.token, WEEK_FILTERS)).toMatchObject(invalidToken);
      const values = '/filter-values?datasetId=marketing&table=performance&column=date';
      expect(await app.call('GET', `/embed/${made.token}${values}`, null)).toMatchObject(invalidToken);
    }
    const after = await listGrants();
    expect(after.body.embeds.map((e: { id: string }) => e.id)).not.toContain(made.id);
    // Revoking twice is no error; the grant stays revoked.
    expect((await revoke(made.id)).status).toBe(204);
  });

  it('is for owners and admins of the organization, on the report of the grant; bad input changes nothing', async () => {
    const made = await grant();
    const member = await invitedMember(t, owner, 'grants-member@example.com');
    expect(await revoke(made.id, member)).toMatchObject({
      status: 403,
      body: { detail: { type: 'report_edit_forbidden' } },
    });
    expect((await listGrants(member)).status).toBe(403);
    const stranger = await organizationOwner(t, 'grants-stranger@example.com');
    expect(
      (await revoke(made.id, { token: stranger.token, organizationId: owner.organizationId })).status,
    ).toBe(404);
    expect(await revoke(made.id, owner, '-seo-v1')).toMatchObject({
      status: 404,
      body: { detail: { type: 'embed_not_found' } },
    });
    expect((await revoke('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await revoke('not-a-uuid')).status).toBe(422);
    expect((await listGrants(owner, '-nope')).status).toBe(404);
    expect((await one.call('GET', `/embed/${made.token}`, null)).status).toBe(200);
  });
});

describe('an embed token’s lifetime', () => {
  it('does not expire unless its creator chose an expiry', async () => {
    const made = await grant();
    expect(made.expires_at).toBeNull();
    const started = clock;
    try {
      for (const later of [2 * 3_600_000, 400 * DAY]) {
        clock = new Date(started.getTime() + later);
        expect((await one.call('GET', `/embed/${made.token}`, null)).status, `after ${later} ms`).toBe(200);
      }
    } finally {
      clock = started;
    }
  });

  it('is refused from the expiry chosen at its creation on', async () => {
    const expiry = new Date(clock.getTime() + DAY);
    const made = await grant({ expires_at: expiry.toISOString() });
    expect(made.expires_at).toBe(expiry.toISOString());
    const started = clock;
    try {
      clock = new Date(expiry.getTime() - 1_000);
      expect((await one.call('GET', `/embed/${made.token}`, null)).status).toBe(200);
      clock = expiry;
      expect(await one.call('GET', `/embed/${made.token}`, null)).toMatchObject(invalidToken);
      expect(await daily(one, made.token, WEEK_FILTERS)).toMatchObject(invalidToken);
      const listed = await listGrants();
      expect(listed.body.embeds).toContainEqual(expect.objectContaining({ id: made.id, status: 'expired' }));
    } finally {
      clock = started;
    }
  });

  it('refuses an expiry in the past or malformed, and makes no grant then', async () => {
    const before = (await listGrants()).body.embeds.length;
    for (const expires_at of [new Date(clock.getTime() - 1_000).toISOString(), 'tomorrow', 12, '']) {
      expect((await createGrant({ expires_at })).status, String(expires_at)).toBe(422);
    }
    for (const allow_filtering of ['yes', null]) {
      expect((await createGrant({ allow_filtering })).status, String(allow_filtering)).toBe(422);
    }
    expect((await listGrants()).body.embeds.length).toBe(before);
  });
});

describe('an embed token’s scope', () => {
  it('opens its own organization’s grant only, even signed with the installation’s key', async () => {
    const other = await organizationOwner(t, 'grants-other@example.com');
    const theirs = await createGrant({}, other);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    const ours = await grant();
    const key = t.app.platform.secrets.derive(EMBED_TOKEN_KEY_PURPOSE);
    for (const forged of [
      signEmbedToken(key, { grantId: theirs.body.id, organizationId: owner.organizationId }),
      signEmbedToken(key, { grantId: ours.id, organizationId: other.organizationId }),
    ]) {
      expect(await one.call('GET', `/embed/${forged}`, null)).toMatchObject(invalidToken);
      expect(await daily(one, forged, WEEK_FILTERS)).toMatchObject(invalidToken);
    }
    // Their token reads their warehouse, which has no data yet, never ours.
    expect(await one.call('GET', `/embed/${theirs.body.token}`, null)).toMatchObject({
      status: 404,
      body: { detail: { type: 'workspace_not_setup' } },
    });
    // Neither owner lists nor revokes the other's grants.
    expect((await listGrants(owner)).body.embeds.map((e: { id: string }) => e.id)).not.toContain(
      theirs.body.id,
    );
    expect((await revoke(theirs.body.id, owner)).status).toBe(404);
    expect((await revoke(ours.id, { token: other.token, organizationId: owner.organizationId })).status).toBe(
      404,
    );
    expect((await one.call('GET', `/embed/${ours.token}`, null)).status).toBe(200);
  });

  it('opens its own report only, whatever the request names', async () => {
    const { token } = await grant({ state: LAST_WEEK });
    const asSeo = await one.call('POST', `/embed/${token}/query`, null, {
      report: '-seo-v1',
      page: 'overview',
      visual_id: 'queries',
      filters: WEEK_FILTERS,
      date_range: null,
      sort: null,
    });
    expect(asSeo).toMatchObject({ status: 422, body: { detail: { type: 'report_not_found' } } });
    const search = await one.call(
      'GET',
      `/embed/${token}/filter-values?datasetId=search&table=queries&column=query`,
      null,
    );
    expect([403, 422]).toContain(search.status);
    // The slug in a report route is the session's business: the token is no session.
    expect(
      (await one.call('GET', `/reports/-seo-v1?organization_id=${owner.organizationId}`, token)).status,
    ).toBe(401);
  });

  it('never answers a 500 to what a client can send', async () => {
    const { token } = await grant({ state: LAST_WEEK, allow_filtering: true });
    const bodies: unknown[] = [
      {},
      { page: 'channels', visual_id: 'daily-performance', filters: 'x', date_range: null, sort: null },
      {
        page: 'channels',
        visual_id: 'daily-performance',
        filters: [{ id: 'date' }],
        date_range: null,
        sort: null,
      },
      {
        page: 'channels',
        visual_id: 'daily-performance',
        filters: [lastDays(7), { ...channels(['a']), table: 'nope' }],
        date_range: null,
        sort: null,
      },
      {
        page: 'channels',
        visual_id: 'daily-performance',
        filters: WEEK_FILTERS,
        date_range: { from: '2024-02-30', to: '2024-03-01' },
        sort: null,
      },
    ];
    for (const body of bodies) {
      const answer = await one.call('POST', `/embed/${token}/query`, null, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});
