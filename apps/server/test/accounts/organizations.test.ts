import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpBody, startAccountsApp, verifiedUser, type AccountsApp } from '../support/accounts';

let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

describe('organizations', () => {
  it('creates with the creator as admin, a unique slug, a dataset and a warehouse; lists with the demo', async () => {
    const { token } = await verifiedUser(t, 'founder@acme.example');
    const first = await call(t.base, 'POST', '/organizations', { token, body: { name: '  Acme Shoes!  ' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Acme Shoes!', slug: 'acme-shoes' });
    const second = await call(t.base, 'POST', '/organizations', { token, body: { name: 'Acme shoes' } });
    expect(second.body.slug).toBe('acme-shoes-2');

    const list = await call(t.base, 'GET', '/organizations', { token });
    const bySlug = Object.fromEntries(
      (list.body.organizations as { slug: string }[]).map((o) => [o.slug, o]),
    );
    expect(bySlug['acme-shoes']).toMatchObject({
      role: 'admin',
      is_demo: false,
      has_dashboard: true,
      currency_id: 'USD',
    });
    expect(bySlug.demo).toMatchObject({ is_demo: true, role: 'member', has_dashboard: false });
    expect((await call(t.base, 'GET', '/user', { token })).body.organizations_count).toBe(2);

    const datasets = await call(t.base, 'GET', `/organizations/${first.body.id}/datasets`, { token });
    expect(datasets.body.datasets).toEqual([
      { id: expect.any(String), name: 'Acme Shoes! data', description: expect.any(String) },
    ]);
    const members = await call(t.base, 'GET', `/organizations/${first.body.id}/users`, { token });
    expect(members.body.users).toEqual([
      expect.objectContaining({ email: 'founder@acme.example', role: 'admin' }),
    ]);
  });

  it('refuses a call that names one organization in the path and another in organization_id', async () => {
    const member = await verifiedUser(t, 'member.of.a@acme.example');
    const a = await call(t.base, 'POST', '/organizations', { token: member.token, body: { name: 'Org A' } });
    const outsider = await verifiedUser(t, 'owner.of.b@acme.example');
    const b = await call(t.base, 'POST', '/organizations', {
      token: outsider.token,
      body: { name: 'Org B' },
    });
    const crossed = await call(
      t.base,
      'GET',
      `/organizations/${b.body.id}/users?organization_id=${a.body.id}`,
      {
        token: member.token,
      },
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.detail.type).toBe('organization_mismatch');
    expect(JSON.stringify(crossed.body)).not.toContain('owner.of.b@acme.example');
    const same = await call(t.base, 'GET', `/organizations/${a.body.id}/users?organization_id=${a.body.id}`, {
      token: member.token,
    });
    expect(same.status).toBe(200);
  });

  it('refuses an empty name with the spec message and creates nothing', async () => {
    const { token } = await verifiedUser(t, 'empty@acme.example');
    const answer = await call(t.base, 'POST', '/organizations', { token, body: { name: '   ' } });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({
      loc: ['body', 'name'],
      msg: 'Please enter a valid organization name',
    });
    expect((await call(t.base, 'GET', '/organizations', { token })).body.organizations).toHaveLength(1);
  });

  it('an unverified user cannot create or open organizations (email_not_verified)', async () => {
    await call(t.base, 'POST', '/user', { body: signUpBody('unverified@acme.example') });
    await t.app.platform.database.pool.query(
      "UPDATE users SET is_email_verified = true WHERE email = 'unverified@acme.example'",
    );
    const login = await call(t.base, 'POST', '/auth/login', {
      body: { email: 'unverified@acme.example', password: 'correct horse battery' },
    });
    await t.app.platform.database.pool.query(
      "UPDATE users SET is_email_verified = false WHERE email = 'unverified@acme.example'",
    );
    // The access token still says verified; the refreshed one does not.
    const refreshed = await call(t.base, 'POST', '/auth/refresh_token', { cookie: login.cookie! });
    const answer = await call(t.base, 'POST', '/organizations', {
      token: refreshed.body.access_token,
      body: { name: 'Nope' },
    });
    expect([answer.status, answer.body.detail.type]).toEqual([403, 'email_not_verified']);
  });

  it('a non-member gets 404 for an organization, exactly as for one that does not exist', async () => {
    const owner = await verifiedUser(t, 'owner@acme.example');
    const stranger = await verifiedUser(t, 'stranger@acme.example');
    const created = await call(t.base, 'POST', '/organizations', {
      token: owner.token,
      body: { name: 'Private Co' },
    });
    const theirs = await call(t.base, 'GET', `/organizations/${created.body.id}/users`, {
      token: stranger.token,
    });
    const missing = await call(t.base, 'GET', '/organizations/00000000-0000-4000-8000-000000000000/users', {
      token: stranger.token,
    });
    expect([theirs.status, theirs.body]).toEqual([404, missing.body]);
    const features = await call(t.base, 'POST', '/features', {
      token: owner.token,
      body: { organization_id: created.body.id },
    });
    expect(features.body).toMatchObject({
      is_trial: true,
      can_add_users: true,
      can_configure_destination: true,
    });
  });
});
