import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { info, member, notificationsOf, notifyEach, owner } from './support';

type Listed = {
  id: string;
  title: string;
  status: string;
  pinned: boolean;
  type: string;
  created_at: string;
};
type Page = { notifications: Listed[]; next_page: string | null };

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let service: ReturnType<typeof notificationsOf>;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'notify-admin@example.com');
  service = notificationsOf(t);
});
afterAll(() => t.close());

const as = (user: { token: string }) => ({
  get: (path: string, query: Record<string, string>, organizationId = admin.organizationId) =>
    call(
      t.base,
      'GET',
      `${path}?${new URLSearchParams({ organization_id: organizationId, ...query }).toString()}`,
      {
        token: user.token,
      },
    ),
  update: (id: string, change: Record<string, unknown>, organizationId = admin.organizationId) =>
    call(t.base, 'PATCH', `/notifications/${id}`, {
      token: user.token,
      body: { organization_id: organizationId, ...change },
    }),
});

async function list(user: { token: string }, status: string, cursor?: string): Promise<Page> {
  const answer = await as(user).get('/notifications', { status, ...(cursor ? { cursor } : {}) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Page;
}

async function all(user: { token: string }, status: string): Promise<Listed[]> {
  const pages: Listed[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(user, status, cursor);
    expect(page.notifications.length).toBeLessThanOrEqual(10);
    pages.push(...page.notifications);
    cursor = page.next_page ?? undefined;
  } while (cursor);
  return pages;
}

const count = async (user: { token: string }, status?: string) =>
  (await as(user).get('/notifications/count', status ? { status } : {})).body.count as number;

describe('notifications', () => {
  it('lists pinned, then persistent, then unread, then newest first, in pages of 10', async () => {
    const ids = await notifyEach(
      service,
      admin.organizationId,
      Array.from({ length: 12 }, (_, i) => info(`Load ${i + 1}`)),
    );
    const [persistent] = await notifyEach(service, admin.organizationId, [
      { type: 'persistent', title: 'Reconnect Google Ads', body: 'The token expired.' },
    ]);
    expect((await as(admin).update(ids[0]!, { pinned: true })).status).toBe(200);
    expect((await as(admin).update(ids[11]!, { status: 'read' })).status).toBe(200);

    const first = await list(admin, 'all');
    expect(first.notifications).toHaveLength(10);
    expect(first.next_page).toEqual(expect.any(String));
    const rest = await list(admin, 'all', first.next_page!);
    expect(rest.next_page).toBeNull();
    expect([...first.notifications, ...rest.notifications].map((n) => n.id)).toEqual([
      ids[0], // pinned
      persistent, // persistent
      ...ids.slice(1, 11).reverse(), // unread, newest first
      ids[11], // read
    ]);
    expect(first.notifications[0]).toMatchObject({
      title: 'Load 1',
      body: 'Load 1 body',
      type: 'info',
      status: 'unread',
      pinned: true,
      action: null,
    });
    expect(await count(admin)).toBe(12);
    expect(await count(admin, 'read')).toBe(1);
    expect(await count(admin, 'unread,read')).toBe(13);
  });

  it('filters by status, reads, archives and unarchives back to read', async () => {
    const [id] = await notifyEach(service, admin.organizationId, [info('Archive me')]);
    expect((await all(admin, 'unread')).map((n) => n.id)).toContain(id);

    const read = await as(admin).update(id!, { status: 'read' });
    expect(read.body).toEqual({
      success: true,
      updated_notification: expect.objectContaining({ id, status: 'read', pinned: false }),
    });
    expect((await all(admin, 'unread')).map((n) => n.id)).not.toContain(id);
    expect((await all(admin, 'read')).map((n) => n.id)).toContain(id);

    expect((await as(admin).update(id!, { status: 'archived' })).body.updated_notification.status).toBe(
      'archived',
    );
    expect((await all(admin, 'archived')).map((n) => n.id)).toEqual([id]);
    // "All" leaves out what was archived.
    expect((await all(admin, 'all')).map((n) => n.id)).not.toContain(id);
    expect(await count(admin, 'archived')).toBe(1);

    // Archived goes back to read, never straight to unread.
    const unread = await as(admin).update(id!, { status: 'unread' });
    expect([unread.status, unread.body.detail.type]).toEqual([409, 'notification_invalid_status']);
    expect((await all(admin, 'archived')).map((n) => n.id)).toEqual([id]);
    expect((await as(admin).update(id!, { status: 'read' })).body.updated_notification.status).toBe('read');
  });

  it('never archives a persistent notification, and reads it only once its action is fulfilled', async () => {
    const { id } = await service.notify(admin.organizationId, {
      type: 'persistent',
      title: 'Finish billing details',
      body: 'Add a VAT number.',
      action: { status: 'unfulfilled', label: 'Add details', url: '/billing/details' },
    });
    const archived = await as(admin).update(id, { status: 'archived' });
    expect([archived.status, archived.body.detail.type]).toEqual([409, 'notification_not_archivable']);
    const read = await as(admin).update(id, { status: 'read', pinned: true });
    expect([read.status, read.body.detail.type]).toEqual([409, 'notification_action_unfulfilled']);
    // The refused change changed nothing, the pin included.
    const listed = (await all(admin, 'unread')).find((n) => n.id === id);
    expect(listed).toMatchObject({ status: 'unread', pinned: false, action: { status: 'unfulfilled' } });

    expect((await as(admin).update(id, { pinned: true })).body.updated_notification.pinned).toBe(true);
    await service.fulfilAction(admin.organizationId, id);
    const done = await as(admin).update(id, { status: 'read' });
    expect(done.body.updated_notification).toMatchObject({
      status: 'read',
      pinned: true,
      action: { status: 'fulfilled', label: 'Add details', url: '/billing/details' },
    });
  });

  it("keeps each member's status and pin their own", async () => {
    const colleague = await member(t, admin, 'notify-colleague@example.com');
    const [id] = await notifyEach(service, admin.organizationId, [info('Shared news')]);
    await as(admin).update(id!, { status: 'read', pinned: true });
    const theirs = (await all(colleague, 'all')).find((n) => n.id === id);
    expect(theirs).toMatchObject({ status: 'unread', pinned: false });
    const mine = (await all(admin, 'all')).find((n) => n.id === id);
    expect(mine).toMatchObject({ status: 'read', pinned: true });
  });

  it('refresh answers only the notifications created after the date, newest first', async () => {
    const [older] = await notifyEach(service, admin.organizationId, [info('Before')]);
    const since = (await all(admin, 'all')).find((n) => n.id === older)!.created_at;
    const newer = await notifyEach(service, admin.organizationId, [info('After 1'), info('After 2')]);
    const answer = await as(admin).get('/notifications/refresh', { date: since });
    expect(answer.status).toBe(200);
    expect(answer.body.notifications.map((n: Listed) => n.id)).toEqual([newer[1], newer[0]]);
    const none = await as(admin).get('/notifications/refresh', {
      date: answer.body.notifications[0].created_at,
    });
    expect(none.body.notifications).toEqual([]);
    // Where a poll starts: the newest one of all.
    const start = await as(admin).get('/notifications/refresh', { date: '1970-01-01T00:00:00Z', limit: '1' });
    expect(start.body.notifications.map((n: Listed) => n.id)).toEqual([newer[1]]);
  });

  it("answers one notification with the caller's state", async () => {
    const [id] = await notifyEach(service, admin.organizationId, [info('Single')]);
    await as(admin).update(id!, { pinned: true });
    const one = await as(admin).get(`/notifications/${id}`, {});
    expect([one.status, one.body]).toEqual([
      200,
      expect.objectContaining({ id, title: 'Single', status: 'unread', pinned: true }),
    ]);
    const missing = await as(admin).get('/notifications/00000000-0000-4000-8000-000000000000', {});
    expect([missing.status, missing.body.detail.type]).toEqual([404, 'notification_not_found']);
  });

  it('answers 404 for an unknown notification and 422 or 400 for bad input, changing nothing', async () => {
    const [id] = await notifyEach(service, admin.organizationId, [info('Untouched')]);
    const unknown = await as(admin).update('00000000-0000-4000-8000-000000000000', { status: 'read' });
    expect([unknown.status, unknown.body.detail]).toEqual([
      404,
      { type: 'notification_not_found', message: 'Invalid notification' },
    ]);
    const cases = [
      await as(admin).update(id!, {}),
      await as(admin).update(id!, { status: 'deleted' }),
      await as(admin).update(id!, { pinned: 'yes' }),
      await as(admin).update('not-a-uuid', { status: 'read' }),
      await as(admin).get('/notifications', { status: 'starred' }),
      await as(admin).get('/notifications', { limit: '11' }),
      await as(admin).get('/notifications/count', { status: 'unread,deleted' }),
      await as(admin).get('/notifications/refresh', { date: 'yesterday' }),
      await as(admin).get('/notifications/refresh', { date: '2026-01-01T00:00:00Z', limit: '0' }),
    ];
    expect(cases.map((c) => c.status)).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 422]);
    const cursor = await as(admin).get('/notifications', { cursor: 'bm90IGEgY3Vyc29y' });
    expect([cursor.status, cursor.body.detail.type]).toEqual([400, 'notification_invalid_cursor']);
    expect((await all(admin, 'all')).find((n) => n.id === id)).toMatchObject({
      status: 'unread',
      pinned: false,
    });
  });

  it('refuses a caller without a session', async () => {
    const answer = await call(t.base, 'GET', `/notifications?organization_id=${admin.organizationId}`);
    expect(answer.status).toBe(401);
  });
});
