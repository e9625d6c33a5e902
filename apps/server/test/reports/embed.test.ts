// Embedding a report in another site: a signed token naming a grant, which opens one report under
// one state through the public /embed routes, answers its queries as the app does, and nothing
// else; refused (401 invalid_embed_token) when forged or tampered with, and once its custom report
// is deleted. The -maya of this app hides its Channels page from embedded reports. Revoking,
// expiry and the grant's filters: embed-grants.test.ts.
import { encodeReportState, decodeReportState, type ReportDocument } from '@maya/contracts';
import { MAYA_REPORT } from '@maya/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouseBuiltins } from '../../src/modules/reports';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, organizationOwner, ownerQuery } from '../support/sources';
import { startReportsApp, type ReportsApp } from './reports-app';
import { invitedMember } from './reports-support';
import { REPORTS_TEST_HISTORY } from '../support/constants';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;

const clock = new Date();
let t: AccountsApp;
let reports: ReportsApp;
let owner: Owner;

/** -maya with its Channels page of visibility 1: hidden in embedded reports. */
const MAYA_WITH_HIDDEN_PAGE: ReportDocument = {
  ...MAYA_REPORT,
  pages: MAYA_REPORT.pages.map((p) => (p.name === 'channels' ? { ...p, visibility: 1 } : p)),
};

beforeAll(async () => {
  t = await startAccountsApp(REPORTS_TEST_HISTORY);
  reports = await startReportsApp(t, {
    now: () => clock,
    builtins: warehouseBuiltins().map((b) =>
      b.document.slug === '-maya' ? { ...b, document: MAYA_WITH_HIDDEN_PAGE } : b,
    ),
  });
  owner = await organizationOwner(t, 'embed-owner@example.com');
  const { accounts } = await connectGoogleAds(t, owner, 1);
  expect(await accountSettled(t, owner, accounts[0]!.uuid, 120_000)).toMatchObject({
    sync_status: 'finished',
  });
}, 180_000);

afterAll(async () => {
  await reports?.close();
  await t?.close();
});

const on = () => `organization_id=${owner.organizationId}`;
const tokenFor = (slug: string, state: string | null, token = owner.token) =>
  reports.call('POST', `/reports/${slug}/embed-token`, token, {
    organization_id: owner.organizationId,
    state,
  });
const newToken = async (slug: string, state: string | null) => {
  const answer = await tokenFor(slug, state);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
};
/** -maya's own filters, which an embed of the report as saved keeps to. */
const MAYA_FILTERS = MAYA_REPORT.filters;
const visual = (over: Record<string, unknown> = {}) => ({
  page: 'overview',
  visual_id: 'campaigns',
  filters: MAYA_FILTERS,
  date_range: null,
  sort: [{ field: 'clicks', direction: 'asc' }],
  ...over,
});
const invalidToken = { status: 401, body: { detail: { type: 'invalid_embed_token' } } };

describe('an embed token', () => {
  it('opens the report under the state it was made for, read-only, without its hidden pages', async () => {
    const state = encodeReportState({ version: 1, page: 'campaigns', filters: [], slicers: [], sort: [] });
    const made = await tokenFor('-maya', state);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { token, expires_at, embed_url } = made.body;
    expect(token.length).toBeLessThanOrEqual(100);
    expect(embed_url).toBe(`${t.config.appUrl}/embed/${token}`);
    expect(expires_at).toBeNull();

    const opened = await reports.call('GET', `/embed/${token}`, null);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.report).toEqual({
      id: 'maya',
      slug: '-maya',
      name: 'Marketing Performance',
      embed_url,
      access_token: token,
      access_level: 'View',
      permission_level: 'member',
      demo: false,
      is_custom: false,
      dataset_id: 'marketing',
    });
    expect(opened.body.document.pages.map((p: { name: string }) => p.name)).toEqual([
      'overview',
      'campaigns',
    ]);
    expect(opened.body.state).toBe(state);
    expect(opened.body.allow_filtering).toBe(false);
    expect(opened.body.data_through).toEqual(expect.any(String));
    expect(opened.body).not.toHaveProperty('warnings');
  });

  it('answers a query and filter values exactly as the app does, and nothing outside its report', async () => {
    const token = await newToken('-maya', null);
    const embedded = await reports.call('POST', `/embed/${token}/query`, null, visual());
    const app = await reports.call('POST', '/reports/-maya/query', owner.token, {
      ...visual(),
      organization_id: owner.organizationId,
      report: '-maya',
    });
    expect(embedded.status, JSON.stringify(embedded.body)).toBe(200);
    expect(embedded.body).toEqual(app.body);
    expect(embedded.body.rows.length).toBeGreaterThan(0);

    // The values among the view's rows (its last 30 days): some of the app's, none other.
    const values = '/filter-values?datasetId=marketing&table=performance&column=channel';
    const embeddedValues = await reports.call('GET', `/embed/${token}${values}`, null);
    expect(embeddedValues.status, JSON.stringify(embeddedValues.body)).toBe(200);
    expect(embeddedValues.body.data.length).toBeGreaterThan(0);
    const appValues = (await reports.call('GET', `/reports${values}&${on()}`, owner.token)).body;
    for (const value of embeddedValues.body.data) expect(appValues.data).toContain(value);

    const hiddenPage = await reports.call(
      'POST',
      `/embed/${token}/query`,
      null,
      visual({ page: 'channels', visual_id: 'channel-matrix' }),
    );
    expect(hiddenPage).toMatchObject({ status: 422, body: { detail: { type: 'report_not_found' } } });
    const otherDataset = await reports.call(
      'GET',
      `/embed/${token}/filter-values?datasetId=search&table=queries&column=query`,
      null,
    );
    expect(otherDataset).toMatchObject({
      status: 403,
      body: { detail: { type: 'embed_filter_not_allowed' } },
    });
  });

  it('opens the first visible page when made on a hidden one', async () => {
    const onHidden = encodeReportState({ version: 1, page: 'channels', filters: [], slicers: [], sort: [] });
    const opened = await reports.call('GET', `/embed/${await newToken('-maya', onHidden)}`, null);
    expect(decodeReportState(opened.body.state).page).toBe('overview');
  });

  it('is refused when tampered with or forged', async () => {
    const token = await newToken('-maya', null);
    const [payload = '', signature = ''] = token.split('.');
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    for (const forged of [
      `${flip(payload, 5)}.${signature}`,
      `${payload}.${flip(signature, 10)}`,
      `${payload}.${signature.slice(0, -2)}`,
      'not-a-token',
      `${payload}.${signature}.x`,
    ]) {
      expect(await reports.call('GET', `/embed/${forged}`, null), forged).toMatchObject(invalidToken);
      expect(await reports.call('POST', `/embed/${forged}/query`, null, visual()), forged).toMatchObject(
        invalidToken,
      );
    }
    // Longer than any token: the router refuses it before the route (URI too long).
    expect((await reports.call('GET', `/embed/${token}.${signature}`, null)).status).toBe(414);
  });

  it('opens nothing else: no other route accepts it', async () => {
    const token = await newToken('-maya', null);
    expect((await reports.call('GET', `/reports?${on()}`, token)).status).toBe(401);
    expect((await reports.call('GET', `/reports/-maya?${on()}`, token)).status).toBe(401);
    const saved = await reports.call('POST', '/reports', token, {
      organization_id: owner.organizationId,
      name: 'Via embed',
      source_slug: '-maya',
      state: null,
    });
    expect(saved.status).toBe(401);
    expect((await tokenFor('-maya', null, token)).status).toBe(401);
  });

  it('stops opening a custom report once the report is deleted', async () => {
    const saved = await reports.call('POST', '/reports', owner.token, {
      organization_id: owner.organizationId,
      name: 'Embedded',
      source_slug: '-maya',
      state: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const token = await newToken('embedded', null);
    const opened = await reports.call('GET', `/embed/${token}`, null);
    expect(opened.body.report).toMatchObject({ slug: 'embedded', is_custom: true });
    expect((await reports.call('DELETE', `/reports/embedded?${on()}`, owner.token)).status).toBe(204);
    expect(await reports.call('GET', `/embed/${token}`, null)).toMatchObject(invalidToken);
  });

  it('is made by owners and admins of the organization only, for a report and a state it has', async () => {
    const member = await invitedMember(t, owner, 'embed-member@example.com');
    expect(await tokenFor('-maya', null, member.token)).toMatchObject({
      status: 403,
      body: { detail: { type: 'report_edit_forbidden' } },
    });
    const stranger = await organizationOwner(t, 'embed-stranger@example.com');
    expect((await tokenFor('-maya', null, stranger.token)).status).toBe(404);
    expect(await tokenFor('-nope', null)).toMatchObject({
      status: 404,
      body: { detail: { type: 'report_not_found' } },
    });
    const badState = await tokenFor('-maya', 'garbage!');
    expect(badState).toMatchObject({ status: 422, body: { detail: { type: 'invalid_report_state' } } });
  });

  it("works through the whole app over HTTP, signed with the installation's secret", async () => {
    const token = await newToken('-maya', null);
    const opened = await call(t.base, 'GET', `/embed/${token}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.report).toMatchObject({ slug: '-maya', access_token: token });
    expect(opened.body.currency_id).toBe('USD');
    // Amounts show in the organization's currency: the viewer has no session to read it with.
    await ownerQuery(t, owner.organizationId, `UPDATE organizations SET currency_id = 'EUR' WHERE id = $1`, [
      owner.organizationId,
    ]);
    expect((await call(t.base, 'GET', `/embed/${token}`)).body.currency_id).toBe('EUR');
    expect((await reports.call('GET', `/embed/${token}`, null)).body.currency_id).toBe('EUR');
    const queried = await call(t.base, 'POST', `/embed/${token}/query`, { body: visual() });
    expect(queried.status, JSON.stringify(queried.body)).toBe(200);
    expect(
      (await call(t.base, 'GET', `/embed/${token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`)).status,
    ).toBe(401);
  });
});
