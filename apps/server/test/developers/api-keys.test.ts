import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { member, owner } from '../notifications/support';
import { createKey, withKey } from './support';

/**
 * API keys as callers of the organization routes (Settings → Developers → API key): the attacks
 * first, then what a key may do.
 */
let t: AccountsApp;
let acme: Awaited<ReturnType<typeof owner>>;
let globex: Awaited<ReturnType<typeof owner>>;

beforeAll(async () => {
  t = await startAccountsApp();
  acme = await owner(t, 'owner@acme-keys.example');
  globex = await owner(t, 'owner@globex-keys.example');
});
afterAll(() => t.close());

const keysOf = (organizationId: string, token: string) =>
  call(t.base, 'GET', `/organizations/${organizationId}/api-keys`, { token });

describe('attacks on API keys', () => {
  it("refuses a key of organization A on organization B's routes with 404, as for a non-member", async () => {
    const key = await createKey(t, acme, { name: 'acme reader' });
    const own = await withKey(t, key.key, 'GET', `/organizations/${acme.organizationId}/users`);
    expect(own.status).toBe(200);
    for (const path of [
      `/organizations/${globex.organizationId}/users`,
      `/notifications?organization_id=${globex.organizationId}`,
      `/organizations/${globex.organizationId}/api-keys`,
    ]) {
      const other = await withKey(t, key.key, 'GET', path);
      expect(other.status, path).toBe(404);
      expect(other.body.detail.type).toBe('organization_not_found');
    }
    // Even an organization its creator owns too: the key opens its own organization only.
    const second = await call(t.base, 'POST', '/organizations', {
      token: acme.token,
      body: { name: 'Acme two' },
    });
    expect(second.status).toBe(201);
    const sibling = await withKey(t, key.key, 'GET', `/organizations/${second.body.id}/users`);
    expect(sibling.status).toBe(404);
    expect(sibling.body.detail.type).toBe('organization_not_found');
  });

  it('refuses a revoked key at once, and a key whose organization part was changed', async () => {
    const key = await createKey(t, acme, { name: 'short lived' });
    expect((await withKey(t, key.key, 'GET', `/organizations/${acme.organizationId}/users`)).status).toBe(
      200,
    );
    const revoked = await call(t.base, 'DELETE', `/organizations/${acme.organizationId}/api-keys/${key.id}`, {
      token: acme.token,
    });
    expect(revoked.status).toBe(204);
    const after = await withKey(t, key.key, 'GET', `/organizations/${acme.organizationId}/users`);
    expect(after.status).toBe(401);
    expect(after.body.detail.type).toBe('invalid_api_key');
    // The same secret pointed at another organization finds no key there either.
    const live = await createKey(t, acme, { name: 'live' });
    const moved = live.key.slice(0, -32) + globex.organizationId.replaceAll('-', '');
    expect((await withKey(t, moved, 'GET', `/organizations/${globex.organizationId}/users`)).status).toBe(
      401,
    );
    const listed = await keysOf(acme.organizationId, acme.token);
    expect(listed.body.keys.map((k: { id: string }) => k.id)).not.toContain(key.id);
  });

  it('never lets a key make keys, rotate the token, share the dataset or manage members', async () => {
    const key = await createKey(t, acme, { name: 'writer', read_only: false });
    const before = (await keysOf(acme.organizationId, acme.token)).body.keys.length;
    const attempts = [
      ['POST', `/organizations/${acme.organizationId}/api-keys`, { name: 'escalated', read_only: false }],
      ['DELETE', `/organizations/${acme.organizationId}/api-keys/${key.id}`, undefined],
      ['POST', `/organizations/${acme.organizationId}/notification-token`, {}],
      ['POST', `/organizations/${acme.organizationId}/shared-dataset`, { email: 'x@example.com' }],
      ['POST', '/invitations', { organization_id: acme.organizationId, email: 'new@acme-keys.example' }],
      ['PATCH', `/organizations/${acme.organizationId}`, { currency_id: 'EUR' }],
    ] as const;
    for (const [method, path, body] of attempts) {
      const answer = await withKey(t, key.key, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      // Developer access is refused for being a key, whatever the key's role would allow.
      if (path.startsWith(`/organizations/${acme.organizationId}/`)) {
        expect(answer.body.detail.type, `${method} ${path}`).toBe('api_key_not_allowed');
      }
    }
    expect((await keysOf(acme.organizationId, acme.token)).body.keys.length).toBe(before);
    const organizations = await call(t.base, 'GET', '/organizations', { token: acme.token });
    expect(JSON.stringify(organizations.body)).not.toContain('"EUR"');
    const invitations = await call(t.base, 'GET', `/invitations?organization_id=${acme.organizationId}`, {
      token: acme.token,
    });
    expect(JSON.stringify(invitations.body)).not.toContain('new@acme-keys.example');
  });

  it("refuses a key on the person's own routes (their organizations, their profile): 401", async () => {
    const key = await createKey(t, acme, { name: 'not a session' });
    for (const path of ['/organizations', '/user']) {
      const answer = await withKey(t, key.key, 'GET', path);
      expect(answer.status, path).toBe(401);
      expect(answer.body.detail.type).toBe('api_key_not_allowed');
    }
  });

  it('answers a malformed Authorization header with 401, never 500', async () => {
    const headers = [
      'Bearer',
      'Bearer ',
      'Bearer mk_',
      'Bearer mk_short',
      `Bearer mk_${'A'.repeat(43)}${'g'.repeat(32)}`,
      `Bearer mk_${'A'.repeat(43)}${'0'.repeat(32)}`,
      `Bearer nt_${'A'.repeat(43)}${acme.organizationId.replaceAll('-', '')}`,
      `Bearer mk_${'A'.repeat(43)}${acme.organizationId.replaceAll('-', '')}`,
      'Basic dXNlcjpwYXNz',
      'Bearer mk_ä',
      `Bearer ${'x'.repeat(5000)}`,
    ];
    for (const authorization of headers) {
      const answer = await call(t.base, 'GET', `/organizations/${acme.organizationId}/users`, {
        headers: { authorization },
      });
      expect(answer.status, authorization.slice(0, 40)).toBe(401);
    }
  });

  it('refuses a member who is no administrator making a key', async () => {
    const colleague = await member(t, acme, 'colleague@acme-keys.example');
    const refused = await call(t.base, 'POST', `/organizations/${acme.organizationId}/api-keys`, {
      token: colleague.token,
      body: { name: 'mine' },
    });
    expect(refused.status).toBe(403);
    expect(
      (await keysOf(acme.organizationId, acme.token)).body.keys.map((k: { name: string }) => k.name),
    ).not.toContain('mine');
  });
});

describe('what a key may do', () => {
  it('reads with a read-only key and is refused writes with 403 api_key_read_only', async () => {
    const key = await createKey(t, acme, { name: 'reader' });
    expect(key.read_only).toBe(true);
    const list = await withKey(t, key.key, 'GET', `/notifications?organization_id=${acme.organizationId}`);
    expect(list.status).toBe(200);
    const write = await withKey(t, key.key, 'PATCH', `/notifications/00000000-0000-4000-8000-000000000000`, {
      organization_id: acme.organizationId,
      status: 'read',
    });
    expect(write.status).toBe(403);
    expect(write.body.detail.type).toBe('api_key_read_only');
    // A POST that only reads (the plan features, a report query) is open to it.
    const features = await withKey(t, key.key, 'POST', '/features', { organization_id: acme.organizationId });
    expect(features.status).toBe(200);
    expect(features.body.can_add_users).toBe(true);
  });

  it('writes what a member may with a read-write key', async () => {
    const key = await createKey(t, acme, { name: 'writer', read_only: false });
    const write = await withKey(t, key.key, 'PATCH', `/notifications/00000000-0000-4000-8000-000000000000`, {
      organization_id: acme.organizationId,
      status: 'read',
    });
    // Past the key's checks: the notification does not exist.
    expect(write.status).toBe(404);
    expect(write.body.detail.type).toBe('notification_not_found');
  });

  it('lists keys by name, prefix, creation and last use, never the secret; shows the secret once', async () => {
    const key = await createKey(t, globex, { name: 'listed' });
    expect(key.key).toMatch(/^mk_[A-Za-z0-9_-]{43}[0-9a-f]{32}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    await withKey(t, key.key, 'GET', `/organizations/${globex.organizationId}/users`);
    const listed = await keysOf(globex.organizationId, globex.token);
    expect(listed.status).toBe(200);
    const row = listed.body.keys.find((k: { id: string }) => k.id === key.id);
    expect(row).toMatchObject({
      name: 'listed',
      prefix: key.prefix,
      read_only: true,
      created_by: 'owner@globex-keys.example',
    });
    expect(row.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(key.key);
  });

  it('refuses a bad name with 422 and stores nothing', async () => {
    const before = (await keysOf(globex.organizationId, globex.token)).body.keys.length;
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'ok', read_only: 'yes' },
      {},
    ]) {
      const answer = await call(t.base, 'POST', `/organizations/${globex.organizationId}/api-keys`, {
        token: globex.token,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await keysOf(globex.organizationId, globex.token)).body.keys.length).toBe(before);
  });
});
