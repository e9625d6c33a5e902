import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { ownerQuery } from '../support/sources';
import { info, member, notificationsOf, owner } from './support';

let t: AccountsApp;
let acme: Awaited<ReturnType<typeof owner>>;
let globex: Awaited<ReturnType<typeof owner>>;
let service: ReturnType<typeof notificationsOf>;

beforeAll(async () => {
  t = await startAccountsApp();
  acme = await owner(t, 'owner@acme-notify.example');
  globex = await owner(t, 'owner@globex-notify.example');
  service = notificationsOf(t);
});
afterAll(() => t.close());

const listOf = async (user: { token: string }, organizationId: string) =>
  call(t.base, 'GET', `/notifications?organization_id=${organizationId}`, { token: user.token });

describe('notify', () => {
  it('stores the notification for the organization and e-mails its verified owners and admins, not its members', async () => {
    const colleague = await member(t, acme, 'member@acme-notify.example');
    const since = t.smtp.messages.length;
    const result = await service.notify(
      acme.organizationId,
      { type: 'error', title: 'Data load failed', body: 'Google Ads: Customer not enabled' },
      { email: true },
    );
    expect(result).toEqual({ id: expect.any(String), emailed: 1, emailFailed: 0 });

    const mail = await t.smtp.next('owner@acme-notify.example', /Data load failed/, since);
    expect(mail.subject).toBe('Data load failed - Org of owner@acme-notify.example');
    expect(mail.text).toContain('Google Ads: Customer not enabled');
    const link = new URL(mail.links[0]!);
    expect(`${link.pathname}${link.search}`).toBe(
      `/organization/${acme.slug}/notifications?notification=${result.id}`,
    );
    expect(t.smtp.messages.slice(since).map((m) => m.to)).toEqual(['owner@acme-notify.example']);

    for (const user of [acme, colleague]) {
      const listed = await listOf(user, acme.organizationId);
      expect(listed.body.notifications[0]).toMatchObject({
        id: result.id,
        type: 'error',
        title: 'Data load failed',
        status: 'unread',
      });
    }
  });

  it('sends no e-mail unless asked', async () => {
    const since = t.smtp.messages.length;
    const result = await service.notify(acme.organizationId, info('Quiet'));
    expect(result).toMatchObject({ emailed: 0, emailFailed: 0 });
    // A later e-mailed notification is the first message since: the quiet one sent none.
    await service.notify(acme.organizationId, info('Loud'), { email: true });
    await t.smtp.next('owner@acme-notify.example', /Loud/, since);
    expect(t.smtp.messages.slice(since).map((m) => m.subject)).toEqual([expect.stringMatching(/^Loud/)]);
  });

  it('refuses bad input and stores nothing', async () => {
    const before = await ownerQuery<{ n: number }>(
      t,
      acme.organizationId,
      'SELECT count(*)::int AS n FROM notifications',
      [],
    );
    await expect(
      service.notify(acme.organizationId, { type: 'info', title: '  ', body: '' }),
    ).rejects.toThrow();
    await expect(
      service.notify(acme.organizationId, { type: 'loud' as never, title: 'Typo', body: '' }),
    ).rejects.toThrow();
    const after = await ownerQuery<{ n: number }>(
      t,
      acme.organizationId,
      'SELECT count(*)::int AS n FROM notifications',
      [],
    );
    expect(after).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it("one organization's members neither see nor change another's notifications", async () => {
    const { id } = await service.notify(globex.organizationId, info('Globex only'));

    const foreign = await listOf(acme, globex.organizationId);
    expect([foreign.status, foreign.body.detail]).toEqual([
      404,
      { type: 'organization_not_found', message: 'Invalid organization' },
    ]);
    const count = await call(t.base, 'GET', `/notifications/count?organization_id=${globex.organizationId}`, {
      token: acme.token,
    });
    expect(count.status).toBe(404);

    // Through their own organization the id is unknown: row-level security hides it.
    const update = await call(t.base, 'PATCH', `/notifications/${id}`, {
      token: acme.token,
      body: { organization_id: acme.organizationId, status: 'archived', pinned: true },
    });
    expect([update.status, update.body.detail.type]).toEqual([404, 'notification_not_found']);
    const acmeList = await listOf(acme, acme.organizationId);
    expect(acmeList.body.notifications.map((n: { id: string }) => n.id)).not.toContain(id);

    const states = await ownerQuery(t, globex.organizationId, 'SELECT * FROM notification_states', []);
    expect(states).toEqual([]);
    const theirs = await listOf(globex, globex.organizationId);
    expect(theirs.body.notifications).toEqual([
      expect.objectContaining({ id, status: 'unread', pinned: false }),
    ]);
  });

  it('rows are invisible outside their organization', async () => {
    const { pool } = t.app.platform.database;
    expect((await pool.query('SELECT count(*)::int AS n FROM notifications')).rows[0]).toEqual({ n: 0 });
    const acmeRows = await ownerQuery<{ organization_id: string }>(
      t,
      acme.organizationId,
      'SELECT DISTINCT organization_id FROM notifications',
      [],
    );
    expect(acmeRows).toEqual([{ organization_id: acme.organizationId }]);
  });
});
