import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevelopersModule } from '../../src/modules/developers';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { givePlan } from '../support/billing';
import { member, owner } from '../notifications/support';

/** The shared dataset (Settings → Developers → Shared dataset) and `datasetAccess`. */
let t: AccountsApp;
let acme: Awaited<ReturnType<typeof owner>>;
let globex: Awaited<ReturnType<typeof owner>>;

beforeAll(async () => {
  t = await startAccountsApp();
  acme = await owner(t, 'owner@acme-share.example');
  globex = await owner(t, 'owner@globex-share.example');
});
afterAll(() => t.close());

const path = (organizationId: string) => `/organizations/${organizationId}/shared-dataset`;
const share = (who: { token: string; organizationId: string }, email: unknown) =>
  call(t.base, 'POST', path(who.organizationId), { token: who.token, body: { email } });
const list = async (who: { token: string; organizationId: string }) =>
  (await call(t.base, 'GET', path(who.organizationId), { token: who.token })).body;

/** The service as another module would call it, on the running app's platform. */
const access = () =>
  createDevelopersModule(t.app.platform, {
    users: { findMany: async () => [] },
    notify: async () => ({ id: '' }),
    hasDatabaseAccess: async (organizationId) => organizationId === acme.organizationId,
    destination: async () => null,
    readOnlySql: (organizationId, sql, maxRows) => t.app.modelling.readOnlySql(organizationId, sql, maxRows),
    readers: async () => false,
  }).service;

describe('shared dataset', () => {
  it("refuses sharing without the plan's database access: 'Upgrade plan for dataset access'", async () => {
    const refused = await share(globex, 'analyst@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatchObject({
      type: 'plan_limit_reached',
      limit: 'database_access',
      message: 'Upgrade plan for dataset access',
    });
    expect((await list(globex)).users).toEqual([]);
  });

  it('shares with an e-mail on a plan with database access, lists it, and names the dataset', async () => {
    await givePlan(t, acme.organizationId, 'growth');
    const shared = await share(acme, '  Analyst@Example.com ');
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ success: true, message: 'Dataset shared with analyst@example.com' });
    const listed = await list(acme);
    expect(listed.dataset).toBe(`prj_${acme.organizationId.replaceAll('-', '')}_db`);
    expect(listed.users.map((u: { email: string }) => u.email)).toEqual(['analyst@example.com']);
    expect(await access().datasetAccess(acme.organizationId, 'ANALYST@example.com')).toBe(true);
    expect(await access().datasetAccess(acme.organizationId, 'other@example.com')).toBe(false);
  });

  it('unshares at once', async () => {
    await givePlan(t, acme.organizationId, 'growth');
    await share(acme, 'temp@example.com');
    expect(await access().datasetAccess(acme.organizationId, 'temp@example.com')).toBe(true);
    const removed = await call(t.base, 'DELETE', `${path(acme.organizationId)}?email=temp%40example.com`, {
      token: acme.token,
    });
    expect(removed.status).toBe(204);
    expect(await access().datasetAccess(acme.organizationId, 'temp@example.com')).toBe(false);
    const again = await call(t.base, 'DELETE', `${path(acme.organizationId)}?email=temp%40example.com`, {
      token: acme.token,
    });
    expect(again.status).toBe(404);
  });

  it('refuses a bad e-mail with 422, a member with 403, and stores nothing', async () => {
    await givePlan(t, acme.organizationId, 'growth');
    const before = (await list(acme)).users.length;
    for (const email of ['', 'not-an-email', 'a@', 42, null]) {
      expect((await share(acme, email)).status, String(email)).toBe(422);
    }
    const colleague = await member(t, acme, 'member@acme-share.example');
    expect(
      (await share({ token: colleague.token, organizationId: acme.organizationId }, 'x@example.com')).status,
    ).toBe(403);
    expect((await list(acme)).users.length).toBe(before);
  });

  it("keeps organizations' shares apart", async () => {
    await givePlan(t, acme.organizationId, 'growth');
    await share(acme, 'acme-only@example.com');
    expect(JSON.stringify(await list(globex))).not.toContain('acme-only');
    expect(await access().datasetAccess(globex.organizationId, 'acme-only@example.com')).toBe(false);
  });

  it('lists the GA4 service accounts with the fallback', async () => {
    const answer = await call(t.base, 'GET', `/organizations/${acme.organizationId}/ga4-emails`, {
      token: acme.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ emails: [], fallback: 'maya-analytics@maya-data.iam.gserviceaccount.com' });
  });
});
