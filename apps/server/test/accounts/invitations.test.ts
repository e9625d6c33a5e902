import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOrganization } from '../../src/platform/db/tenant';
import { call, startAccountsApp, verifiedUser, type AccountsApp } from '../support/accounts';
import { givePlan } from '../support/billing';

let t: AccountsApp;
let admin: { token: string };
let organization: { id: string; slug: string };
beforeAll(async () => {
  t = await startAccountsApp();
  admin = await verifiedUser(t, 'admin@acme.example');
  organization = (
    await call(t.base, 'POST', '/organizations', { token: admin.token, body: { name: 'Invite Co' } })
  ).body as never;
  // More invitations than the free trial's seats: the seats are billing's tests' concern.
  await givePlan(t, organization.id, 'agency');
});
afterAll(() => t.close());

async function invite(email: string) {
  const created = await call(t.base, 'POST', '/invitations', {
    token: admin.token,
    body: { organization_id: organization.id, email },
  });
  expect(created.status).toBe(201);
  const link = new URL((await t.smtp.next(email, /invited/)).links[0]!);
  expect(link.pathname).toBe(`/organization/${organization.slug}/invite/${created.body.uuid}`);
  return created.body.uuid as string;
}

describe('invitations', () => {
  it('the invitee sees the pending invitation without signing in, accepts it and becomes a member', async () => {
    const id = await invite('guest@acme.example');
    const pending = await call(t.base, 'GET', `/invitations/${id}?organization_slug=${organization.slug}`);
    expect(pending.body).toEqual({
      email: 'guest@acme.example',
      invitation_id: id,
      organization_slug: organization.slug,
      organization_name: 'Invite Co',
    });
    const listed = await call(t.base, 'GET', `/invitations?organization_id=${organization.id}`, {
      token: admin.token,
    });
    expect(listed.body.invitations.map((i: { email: string }) => i.email)).toContain('guest@acme.example');

    const guest = await verifiedUser(t, 'guest@acme.example');
    // Refused before accepting, let in right after: the guard remembers grants, not refusals.
    expect(
      (await call(t.base, 'GET', `/organizations/${organization.id}/users`, { token: guest.token })).status,
    ).toBe(404);
    const accepted = await call(t.base, 'POST', '/invitations/accept', {
      token: guest.token,
      body: { invitation_id: id, organization_slug: organization.slug },
    });
    expect(accepted.body).toEqual({ organization_slug: organization.slug });
    expect(
      (await call(t.base, 'GET', `/organizations/${organization.id}/users`, { token: guest.token })).status,
    ).toBe(200);

    const again = await call(t.base, 'POST', '/invitations/accept', {
      token: guest.token,
      body: { invitation_id: id, organization_slug: organization.slug },
    });
    expect(again.body.detail.type).toBe('invitation_already_accepted');
  });

  it('refuses another account with invitation_forbidden naming the invited e-mail', async () => {
    const id = await invite('right@acme.example');
    const wrong = await verifiedUser(t, 'wrong@acme.example');
    const answer = await call(t.base, 'POST', '/invitations/accept', {
      token: wrong.token,
      body: { invitation_id: id, organization_slug: organization.slug },
    });
    expect([answer.status, answer.body.detail]).toEqual([
      403,
      { type: 'invitation_forbidden', invitation_email: 'right@acme.example' },
    ]);
  });

  it('answers invitation_expired and invitation_does_not_exist', async () => {
    const id = await invite('late@acme.example');
    await withOrganization(t.app.platform.database.db, organization.id, (tx) =>
      tx.execute(sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = ${id}`),
    );
    expect(
      (await call(t.base, 'GET', `/invitations/${id}?organization_slug=${organization.slug}`)).body.detail
        .type,
    ).toBe('invitation_expired');
    const unknown = await call(
      t.base,
      'GET',
      `/invitations/00000000-0000-4000-8000-000000000000?organization_slug=${organization.slug}`,
    );
    expect([unknown.status, unknown.body.detail.type]).toEqual([404, 'invitation_does_not_exist']);
    const wrongSlug = await call(t.base, 'GET', `/invitations/${id}?organization_slug=demo`);
    expect(wrongSlug.body.detail.type).toBe('invitation_does_not_exist');
  });

  it('members cannot invite; admins can delete an invitation, and a bad e-mail changes nothing', async () => {
    const id = await invite('member@acme.example');
    const member = await verifiedUser(t, 'member@acme.example');
    await call(t.base, 'POST', '/invitations/accept', {
      token: member.token,
      body: { invitation_id: id, organization_slug: organization.slug },
    });
    const refused = await call(t.base, 'POST', '/invitations', {
      token: member.token,
      body: { organization_id: organization.id, email: 'x@acme.example' },
    });
    expect(refused.status).toBe(403);
    const bad = await call(t.base, 'POST', '/invitations', {
      token: admin.token,
      body: { organization_id: organization.id, email: 'no-at-sign' },
    });
    expect(bad.status).toBe(422);

    const doomed = await invite('doomed@acme.example');
    expect(
      (
        await call(t.base, 'DELETE', `/invitations/${doomed}?organization_id=${organization.id}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(204);
    expect(
      (await call(t.base, 'GET', `/invitations/${doomed}?organization_slug=${organization.slug}`)).status,
    ).toBe(404);
  });
});

describe('assistant grants', () => {
  it('records a grant for a dataset of the organization, and refuses what the user cannot see', async () => {
    const datasets = await call(t.base, 'GET', `/organizations/${organization.id}/datasets`, {
      token: admin.token,
    });
    const dataset = datasets.body.datasets[0].id as string;
    const body = {
      mcp_auth_token: 'assistant-token-0123456789',
      organization_id: organization.id,
      dataset_id: dataset,
    };
    const granted = await call(t.base, 'POST', '/assistant/grants', { token: admin.token, body });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({
      organization_id: organization.id,
      dataset_id: dataset,
      grant_id: expect.any(String),
    });
    const stored = await t.app.platform.database.pool.query(
      'SELECT count(*)::int AS n FROM assistant_grants',
    );
    expect(stored.rows[0]).toEqual({ n: 0 }); // RLS: outside the organization's unit of work nothing is visible

    const stranger = await verifiedUser(t, 'outsider@acme.example');
    const theirs = await call(t.base, 'POST', '/assistant/grants', {
      token: stranger.token,
      body: { ...body, mcp_auth_token: 'another-token-0123456789' },
    });
    expect(theirs.status).toBe(404);
    const demo = (
      await call(t.base, 'GET', '/organizations', { token: stranger.token })
    ).body.organizations.find((o: { is_demo: boolean }) => o.is_demo);
    const crossed = await call(t.base, 'POST', '/assistant/grants', {
      token: stranger.token,
      body: { mcp_auth_token: 'third-token-0123456789', organization_id: demo.id, dataset_id: dataset },
    });
    expect([crossed.status, crossed.body.detail.type]).toEqual([404, 'dataset_not_found']);
  });
});
