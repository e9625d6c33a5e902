// Plans and entitlements end to end (issue 27): every limit refused by the API when exceeded, with
// the spec's message and nothing stored; two requests racing for the last seat; the marketplace
// and the provider's subscription states feeding the one answer.
import { catalog } from '@maya/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, verifiedUser, type AccountsApp } from '../support/accounts';
import { givePlan, smallPlan } from '../support/billing';
import { authorize, organizationOwner, ownerQuery, verifyCallback } from '../support/sources';

let t: AccountsApp;
beforeAll(async () => {
  // More people sign up here than the default hourly limit per address lets through.
  t = await startAccountsApp({ SIGNUP_LIMIT_PER_HOUR: '100' });
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
const entitlements = async (owner: Owner) =>
  call(t.base, 'GET', `/entitlements?organization_id=${owner.organizationId}`, { token: owner.token });
const features = async (owner: Owner) =>
  call(t.base, 'POST', '/features', { token: owner.token, body: { organization_id: owner.organizationId } });
const invite = (owner: Owner, email: string) =>
  call(t.base, 'POST', '/invitations', {
    token: owner.token,
    body: { organization_id: owner.organizationId, email },
  });
const pendingCount = async (owner: Owner) =>
  (await call(t.base, 'GET', `/invitations?organization_id=${owner.organizationId}`, { token: owner.token }))
    .body.invitations.length as number;

const usersLimit = { type: 'plan_limit_reached', limit: 'users', message: 'Upgrade plan to add more users' };

describe('entitlements', () => {
  it("puts a new organization on the free trial: fourteen days from its creation, the trial's limits", async () => {
    const owner = await organizationOwner(t, 'trial@plans.example');
    const [created] = await ownerQuery<{ created_at: Date }>(
      t,
      owner.organizationId,
      'SELECT created_at FROM organizations WHERE id = $1',
      [owner.organizationId],
    );
    const answer = await entitlements(owner);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      plan_id: 'trial',
      plan_title: 'Free trial',
      source: 'trial',
      status: 'trialing',
      is_trial: true,
      trial_ends_at: new Date(created!.created_at.getTime() + 14 * 86_400_000).toISOString(),
      etl_expired: false,
      accounts: 50,
      users: 3,
      integrations: -1,
      data_history: 2,
      custom_reports: 3,
      database_access: false,
      priority_support: false,
      email_support: false,
      onboarding: false,
    });
    const flags = await features(owner);
    expect(flags.body).toMatchObject({
      is_trial: true,
      can_add_accounts: true,
      can_add_users: true,
      has_database_access: false,
      data_history: 2,
      can_add_custom_reports: true,
    });
    const listed = await call(t.base, 'GET', '/organizations', { token: owner.token });
    const own = (listed.body.organizations as { id: string; has_subscription: boolean }[]).find(
      (o) => o.id === owner.organizationId,
    );
    expect(own?.has_subscription).toBe(false);
  });

  it('answers 404 to a non-member, the same as for an organization that does not exist', async () => {
    const owner = await organizationOwner(t, 'private@plans.example');
    const stranger = await organizationOwner(t, 'stranger@plans.example');
    const answer = await call(t.base, 'GET', `/entitlements?organization_id=${owner.organizationId}`, {
      token: stranger.token,
    });
    expect(answer.status).toBe(404);
  });

  it('follows the provider subscription: active plan, past_due grace, canceled and unpaid back to the trial', async () => {
    const owner = await organizationOwner(t, 'states@plans.example');
    await givePlan(t, owner.organizationId, 'growth', 'active');
    expect((await entitlements(owner)).body).toMatchObject({
      plan_id: 'growth',
      source: 'local',
      status: 'active',
      is_trial: false,
      etl_expired: false,
      users: 20,
      database_access: true,
    });
    const listed = await call(t.base, 'GET', '/organizations', { token: owner.token });
    expect(
      (listed.body.organizations as { id: string; has_subscription: boolean }[]).find(
        (o) => o.id === owner.organizationId,
      )?.has_subscription,
    ).toBe(true);
    await givePlan(t, owner.organizationId, 'growth', 'past_due');
    // The grace while the provider retries: the plan, and its loads, go on.
    expect((await entitlements(owner)).body).toMatchObject({
      plan_id: 'growth',
      status: 'past_due',
      etl_expired: false,
    });
    for (const lapsed of ['canceled', 'unpaid'] as const) {
      await givePlan(t, owner.organizationId, 'growth', lapsed);
      expect((await entitlements(owner)).body).toMatchObject({
        plan_id: 'trial',
        source: 'local',
        status: lapsed,
        is_trial: true,
        trial_ends_at: null,
        etl_expired: true,
      });
    }
  });

  it("gives a linked marketplace subscription's plan, and the products page marks it 'Purchased'", async () => {
    const owner = await organizationOwner(t, 'mona@plans.example');
    const me = await call(t.base, 'GET', '/user', { token: owner.token });
    await ownerQuery(
      t,
      owner.organizationId,
      `WITH s AS (INSERT INTO subscriptions (id, user_id, name, offer_id, plan_id, status)
         VALUES ('mona-growth', $2, 'Maya', 'maya-offer', 'growth', 'active') RETURNING id)
       INSERT INTO organization_subscriptions (organization_id, subscription_id, user_id)
         SELECT $1, id, $2 FROM s`,
      [owner.organizationId, me.body.id],
    );
    expect((await entitlements(owner)).body).toMatchObject({
      plan_id: 'growth',
      source: 'marketplace',
      status: 'active',
    });
    const products = await call(t.base, 'GET', `/billing/products?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    const byId = new Map(
      (products.body.products as { id: string; can_purchase: boolean }[]).map((p) => [p.id, p]),
    );
    expect([...byId.keys()]).toEqual(['starter', 'growth', 'agency', 'onboarding']);
    expect(byId.get('growth')?.can_purchase).toBe(false);
    expect(byId.get('starter')?.can_purchase).toBe(true);
  });
});

describe('the users limit', () => {
  it("refuses the invitation past the plan's seats with the spec's message and stores nothing", async () => {
    const owner = await organizationOwner(t, 'seats@plans.example');
    // The trial's three seats: the owner and two invitations.
    expect((await invite(owner, 'one@plans.example')).status).toBe(201);
    expect((await invite(owner, 'two@plans.example')).status).toBe(201);
    const refused = await invite(owner, 'three@plans.example');
    expect([refused.status, refused.body.detail]).toEqual([403, usersLimit]);
    expect(await pendingCount(owner)).toBe(2);
    expect((await features(owner)).body.can_add_users).toBe(false);
    // Inviting the same address again renews it: no new seat.
    expect((await invite(owner, 'two@plans.example')).status).toBe(201);
    // A bigger plan has room.
    await givePlan(t, owner.organizationId, 'starter');
    expect((await invite(owner, 'three@plans.example')).status).toBe(201);
  });

  it('lets exactly one of five invitations racing for the last seat through', async () => {
    const owner = await organizationOwner(t, 'race@plans.example');
    expect((await invite(owner, 'first@race.example')).status).toBe(201);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => invite(owner, `racer${n}@race.example`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403]);
    expect(await pendingCount(owner)).toBe(2);
  });

  it('refuses the acceptance when the plan lost its seats since the invitation', async () => {
    const owner = await organizationOwner(t, 'shrunk@plans.example');
    await givePlan(t, owner.organizationId, 'starter');
    const invitations: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await invite(owner, `late${n}@shrunk.example`);
      expect(created.status).toBe(201);
      invitations.push(created.body.uuid as string);
    }
    const organization = (await call(t.base, 'GET', '/organizations', { token: owner.token })).body
      .organizations as { id: string; slug: string }[];
    const slug = organization.find((o) => o.id === owner.organizationId)!.slug;
    const accept = async (n: number) => {
      const invitee = await verifiedUser(t, `late${n}@shrunk.example`);
      return call(t.base, 'POST', '/invitations/accept', {
        token: invitee.token,
        body: { invitation_id: invitations[n - 1], organization_slug: slug },
      });
    };
    expect((await accept(1)).status).toBe(200);
    expect((await accept(2)).status).toBe(200);
    // Canceled: back to the trial's three seats, all taken.
    await givePlan(t, owner.organizationId, 'starter', 'canceled');
    const refused = await accept(3);
    expect([refused.status, refused.body.detail]).toEqual([403, usersLimit]);
    const members = await call(t.base, 'GET', `/organizations/${owner.organizationId}/users`, {
      token: owner.token,
    });
    expect(members.body.users).toHaveLength(3);
    // Still pending: it may be accepted once there is room again.
    expect(await pendingCount(owner)).toBe(1);
  });
});

describe('roles', () => {
  it('a member cannot invite, change the organization or raise their own role', async () => {
    const owner = await organizationOwner(t, 'roles@plans.example');
    const invited = await invite(owner, 'member@roles.example');
    const slug = (
      (await call(t.base, 'GET', '/organizations', { token: owner.token })).body.organizations as {
        id: string;
        slug: string;
      }[]
    ).find((o) => o.id === owner.organizationId)!.slug;
    const member = await verifiedUser(t, 'member@roles.example');
    const accepted = await call(t.base, 'POST', '/invitations/accept', {
      token: member.token,
      body: { invitation_id: invited.body.uuid, organization_slug: slug },
    });
    expect(accepted.status).toBe(200);
    const asMember = { token: member.token };
    expect(
      (
        await call(t.base, 'POST', '/invitations', {
          ...asMember,
          body: { organization_id: owner.organizationId, email: 'friend@roles.example' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(t.base, 'PATCH', `/organizations/${owner.organizationId}`, {
          ...asMember,
          body: { currency_id: 'EUR' },
        })
      ).status,
    ).toBe(403);
    // Accepting an invitation again (or a second one) never changes the role it has.
    const again = await call(t.base, 'POST', '/invitations/accept', {
      token: member.token,
      body: { invitation_id: invited.body.uuid, organization_slug: slug },
    });
    expect(again.status).toBe(409);
    const members = await call(t.base, 'GET', `/organizations/${owner.organizationId}/users`, asMember);
    expect(
      (members.body.users as { email: string; role: string }[]).find(
        (u) => u.email === 'member@roles.example',
      )?.role,
    ).toBe('member');
    expect((await features({ ...owner, token: member.token })).body.can_configure_destination).toBe(false);
  });
});

describe('the accounts and integrations limits', () => {
  const googleAds = catalog.find((s) => s.id === 'google_ads')!;
  const meta = catalog.find((s) => s.id === 'facebook_ads')!;
  const start = (owner: Owner, service: { id: string; uuid: string }) =>
    call(t.base, 'POST', `/services/${service.id}/oauth/start`, {
      token: owner.token,
      body: { serviceUuid: service.uuid, organization_id: owner.organizationId },
    });
  const accountsLimit = {
    type: 'plan_limit_reached',
    limit: 'accounts',
    message: 'Upgrade plan for more accounts',
  };

  /** An organization on a plan of `accounts` accounts of one service and one user. */
  async function ownerWithAccounts(email: string, accounts: number): Promise<Owner> {
    const owner = await organizationOwner(t, email);
    const limits = { accounts, users: 1, integrations: 1, customReports: 0 };
    await givePlan(t, owner.organizationId, await smallPlan(t, `accounts-${accounts}`, limits));
    return owner;
  }

  it('refuses an authorization when the plan has no account left', async () => {
    const owner = await ownerWithAccounts('accounts@plans.example', 0);
    const started = await start(owner, googleAds);
    expect([started.status, started.body.detail]).toEqual([403, accountsLimit]);
    expect((await features(owner)).body).toMatchObject({ can_add_accounts: false, can_add_users: false });
  });

  it("counts the accounts chosen at connection, and refuses a second service past the plan's integrations", async () => {
    const owner = await ownerWithAccounts('integrations@plans.example', 1);
    const verified = await verifyCallback(t, owner, googleAds, await authorize(t, owner, googleAds));
    expect(verified.status).toBe(200);
    const selectable = (verified.body.accounts as { identifier: string; selectable: boolean }[])
      .filter((a) => a.selectable)
      .map((a) => a.identifier);
    expect(selectable.length).toBeGreaterThan(1);
    const connect = (identifiers: string[]) =>
      call(t.base, 'POST', '/service_accounts', {
        token: owner.token,
        body: {
          organization_id: owner.organizationId,
          credentialsId: verified.body.credentials_id,
          accounts: identifiers,
        },
      });
    const both = await connect(selectable.slice(0, 2));
    expect([both.status, both.body.detail]).toEqual([403, accountsLimit]);
    const listed = async () =>
      (
        await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
          token: owner.token,
        })
      ).body.service_accounts as unknown[];
    expect(await listed()).toEqual([]);
    expect((await connect(selectable.slice(0, 1))).status).toBe(200);
    // Connecting the same account again is a reconnection, not another account.
    expect((await connect(selectable.slice(0, 1))).status).toBe(200);
    expect(await listed()).toHaveLength(1);
    const another = await start(owner, meta);
    expect([another.status, another.body.detail]).toEqual([
      403,
      { type: 'plan_limit_reached', limit: 'integrations', message: 'Upgrade plan' },
    ]);
    const more = await start(owner, googleAds);
    expect([more.status, more.body.detail]).toEqual([403, accountsLimit]);
    const flags = (await features(owner)).body;
    expect([flags.can_add_accounts, flags.integrations]).toEqual([false, ['google_ads']]);
  });
});
