// Scheduling a bookmark (issue 32): a member mails one of the report's bookmarks they see in its
// menu, and the schedule takes the bookmark's view from the server, never from the request. A
// bookmark they do not see, a category, or another organization's is refused, nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { bookmarksApi, created, member, owner, stateOn } from '../bookmarks/support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let user: Awaited<ReturnType<typeof member>>;
let stranger: Awaited<ReturnType<typeof owner>>;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'schedules-admin@example.com');
  user = await member(t, admin, 'schedules-member@example.com');
  stranger = await owner(t, 'schedules-stranger@example.com');
});
afterAll(() => t.close());

/** The member schedules -maya weekly to themselves, with `over` in the request. */
const schedule = (over: Record<string, unknown>) =>
  call(t.base, 'POST', '/reports/-maya/schedules', {
    token: user.token,
    body: {
      organization_id: admin.organizationId,
      name: 'Weekly',
      state: stateOn('overview'),
      frequency: 'weekly',
      weekday: 1,
      hour: 8,
      time_zone: 'Europe/Berlin',
      recipients: ['schedules-member@example.com'],
      ...over,
    },
  });

const listed = async () => {
  const answer = await call(
    t.base,
    'GET',
    `/reports/-maya/schedules?organization_id=${admin.organizationId}`,
    {
      token: user.token,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.schedules as { bookmark_id: string | null; state: string | null; name: string }[];
};

describe('scheduling a bookmark', () => {
  it("mails the bookmark's view, whatever view the request carries", async () => {
    const channels = await created(bookmarksApi(t, admin, admin.organizationId), {
      name: 'Channels this month',
      state: stateOn('channels'),
    });
    const answer = await schedule({ bookmark_id: channels.id, name: 'Channels weekly' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ bookmark_id: channels.id, state: stateOn('channels') });
    expect(await listed()).toEqual([
      expect.objectContaining({
        bookmark_id: channels.id,
        state: stateOn('channels'),
        name: 'Channels weekly',
      }),
    ]);
  });

  it('refuses a bookmark the member does not see, a category and another organization’s', async () => {
    const adminOnly = await created(bookmarksApi(t, admin, admin.organizationId), {
      name: 'Admin only',
      state: stateOn('overview'),
      visible_to_all: false,
    });
    const category = await created(bookmarksApi(t, admin, admin.organizationId), {
      name: 'Marketing',
      is_category: true,
    });
    const elsewhere = await created(bookmarksApi(t, stranger, stranger.organizationId), {
      name: 'Theirs',
      state: stateOn('overview'),
    });
    const before = await listed();
    for (const id of [adminOnly.id, category.id, elsewhere.id, crypto.randomUUID()]) {
      const answer = await schedule({ bookmark_id: id });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.detail).toMatchObject({
        type: 'report_schedule_bookmark_not_found',
        message: 'There is no such bookmark of this report.',
      });
    }
    expect(await listed()).toEqual(before);
  });
});
