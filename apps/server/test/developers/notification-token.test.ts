import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { member, owner } from '../notifications/support';

/** The notification token and POST /api/notifications (Settings → Developers → Notification token). */
let t: AccountsApp;
let acme: Awaited<ReturnType<typeof owner>>;
let globex: Awaited<ReturnType<typeof owner>>;

beforeAll(async () => {
  t = await startAccountsApp();
  acme = await owner(t, 'owner@acme-token.example');
  globex = await owner(t, 'owner@globex-token.example');
});
afterAll(() => t.close());

const rotate = (who: { token: string; organizationId: string }) =>
  call(t.base, 'POST', `/organizations/${who.organizationId}/notification-token`, {
    token: who.token,
    body: {},
  });
const post = (token: string, body: unknown) =>
  call(t.base, 'POST', '/notifications', { headers: { authorization: `Bearer ${token}` }, body });
const titles = async (who: { token: string; organizationId: string }) =>
  (
    await call(t.base, 'GET', `/notifications?organization_id=${who.organizationId}&status=all`, {
      token: who.token,
    })
  ).body.notifications.map((n: { title: string }) => n.title) as string[];

describe('notification token', () => {
  it('is not found before the first one, then shown once and listed by its prefix', async () => {
    const none = await call(t.base, 'GET', `/organizations/${acme.organizationId}/notification-token`, {
      token: acme.token,
    });
    expect(none.status).toBe(404);
    const made = await rotate(acme);
    expect(made.status).toBe(200);
    expect(made.body.access_token).toMatch(/^nt_[A-Za-z0-9_-]{43}[0-9a-f]{32}$/);
    const listed = await call(t.base, 'GET', `/organizations/${acme.organizationId}/notification-token`, {
      token: acme.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      prefix: made.body.prefix,
      created_at: made.body.created_at,
      last_used_at: null,
    });
  });

  it("posts a notification to the token's organization only, which its members see", async () => {
    const { access_token } = (await rotate(acme)).body;
    const posted = await post(access_token, {
      title: 'Deploy finished',
      body: 'v2.3 is live',
      type: 'success',
    });
    expect(posted.status).toBe(201);
    expect(await titles(acme)).toContain('Deploy finished');
    expect(await titles(globex)).not.toContain('Deploy finished');
    const colleague = await member(t, acme, 'member@acme-token.example');
    expect(await titles({ token: colleague.token, organizationId: acme.organizationId })).toContain(
      'Deploy finished',
    );
  });

  it('stops the old token at once when rotated', async () => {
    const old = (await rotate(acme)).body.access_token as string;
    expect((await post(old, { title: 'before rotation' })).status).toBe(201);
    const fresh = (await rotate(acme)).body.access_token as string;
    const refused = await post(old, { title: 'after rotation' });
    expect(refused.status).toBe(401);
    expect(refused.body.detail.type).toBe('invalid_notification_token');
    expect((await post(fresh, { title: 'with the new one' })).status).toBe(201);
    const seen = await titles(acme);
    expect(seen).not.toContain('after rotation');
    expect(seen).toContain('with the new one');
  });

  it('refuses a missing, malformed or foreign token with 401 and stores nothing', async () => {
    const { access_token } = (await rotate(globex)).body;
    const acmeHex = acme.organizationId.replaceAll('-', '');
    const forged = (access_token as string).slice(0, -32) + acmeHex;
    for (const authorization of [
      '',
      'Bearer',
      'Bearer nt_',
      `Bearer ${forged}`,
      `Bearer mk_${'a'.repeat(75)}`,
      'Token x',
    ]) {
      const answer = await call(t.base, 'POST', '/notifications', {
        headers: authorization ? { authorization } : {},
        body: { title: 'forged' },
      });
      expect(answer.status, authorization).toBe(401);
    }
    expect(await titles(acme)).not.toContain('forged');
  });

  it('refuses a bad body with 422 and stores nothing', async () => {
    const { access_token } = (await rotate(globex)).body;
    for (const body of [{}, { title: '' }, { title: 'x', type: 'loud' }, { title: 'x'.repeat(201) }]) {
      expect((await post(access_token, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await titles(globex)).toEqual([]);
  });

  it('is rotated by administrators only', async () => {
    const colleague = await member(t, globex, 'member@globex-token.example');
    const refused = await rotate({ token: colleague.token, organizationId: globex.organizationId });
    expect(refused.status).toBe(403);
  });
});
