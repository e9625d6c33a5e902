// Who sees and changes which bookmark (spec 002 §5, §6) across an admin and a member of one
// organization, the navigation menu (categories, nesting, admins only) and the demo organization's
// bookmarks offered to everyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { bookmarksApi, created, makeStaff, member, names, owner, stateOn, storedCount } from './support';

type Listed = { id: string; name: string; can_edit: boolean; is_default: boolean; children: Listed[] };

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let user: Awaited<ReturnType<typeof member>>;
let asAdmin: ReturnType<typeof bookmarksApi>;
let asMember: ReturnType<typeof bookmarksApi>;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'visibility-admin@example.com');
  user = await member(t, admin, 'visibility-member@example.com');
  asAdmin = bookmarksApi(t, admin, admin.organizationId);
  asMember = bookmarksApi(t, user, admin.organizationId);
});
afterAll(() => t.close());

const listed = async (api: ReturnType<typeof bookmarksApi>, scope: 'menu' | 'manage' = 'menu') => {
  const answer = await api.list(scope);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { bookmarks: Listed[]; navigation_bookmarks: Listed[]; demo_bookmarks: Listed[] };
};

describe('visibility between an admin and a member', () => {
  it('shows a bookmark to the members it is shared with, and always to its creator', async () => {
    const shared = await created(asAdmin, {
      name: 'Admin only',
      state: stateOn('p1'),
      visible_to_all: false,
    });
    expect(shared.visible_to).toEqual([admin.userId]);
    expect(names(await listed(asMember))).not.toContain('Admin only');
    expect((await asMember.update(shared.id, { is_default: true })).status).toBe(404);

    const widened = await asAdmin.update(shared.id, { visible_to: [user.userId] });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect(new Set(widened.body.visible_to)).toEqual(new Set([admin.userId, user.userId]));
    const seen = (await listed(asMember)).bookmarks.find((b) => b.id === shared.id);
    expect(seen?.can_edit).toBe(false);

    // The member may make it their default, nothing more.
    expect((await asMember.update(shared.id, { is_default: true })).body.is_default).toBe(true);
    expect((await listed(asAdmin)).bookmarks.find((b) => b.id === shared.id)?.is_default).toBe(false);
    const rename = await asMember.update(shared.id, { name: 'Mine' });
    expect(rename.status).toBe(403);
    expect(rename.body.detail.type).toBe('bookmark_forbidden');
    expect((await asMember.update(shared.id, { state: stateOn('p2') })).status).toBe(403);
    expect((await asMember.remove(shared.id)).status).toBe(403);
    expect(names(await listed(asAdmin))).toContain('Admin only');

    const narrowed = await asAdmin.update(shared.id, { visible_to: [] });
    expect(narrowed.body.visible_to).toEqual([admin.userId]);
    expect(names(await listed(asMember))).not.toContain('Admin only');
    await asAdmin.remove(shared.id);
  });

  it("lets admins manage a member's shared bookmark but nobody sees a private one but its creator", async () => {
    const open = await created(asMember, { name: 'Member view', state: stateOn('p1') });
    const mine = await created(asMember, { name: 'Member private', state: stateOn('p1'), is_private: true });
    const adminMenu = await listed(asAdmin);
    expect(names(adminMenu)).toContain('Member view');
    expect(names(adminMenu)).not.toContain('Member private');
    expect(names(await listed(asAdmin, 'manage'))).not.toContain('Member private');
    expect((await asAdmin.update(mine.id, { name: 'Peek' })).status).toBe(404);
    expect((await asAdmin.remove(mine.id)).status).toBe(404);

    const renamed = await asAdmin.update(open.id, { name: 'Member view (checked)' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.created_by_id).toBe(user.userId);

    // A member's own bookmark: private or for all, but the members list is the admins'.
    expect((await asMember.update(open.id, { visible_to_all: false })).body.visible_to_all).toBe(false);
    expect(names(await listed(asAdmin, 'manage'))).toContain('Member view (checked)');
    expect(names(await listed(asAdmin))).not.toContain('Member view (checked)');
    const choose = await asMember.update(open.id, { visible_to: [admin.userId] });
    expect(choose.status).toBe(403);
    expect((await asMember.update(open.id, { visible_to: [user.userId] })).status).toBe(200);
    const refused = await asMember.create([
      { name: 'Shared with admin', state: stateOn('p1'), visible_to: [admin.userId] },
    ]);
    expect(refused.status).toBe(403);
    expect(names(await listed(asMember))).not.toContain('Shared with admin');

    await asMember.remove(open.id);
    await asMember.remove(mine.id);
  });

  it('refuses visible_to naming someone outside the organization', async () => {
    const outsider = await owner(t, 'visibility-outsider@example.com');
    const before = await storedCount(t, admin.organizationId);
    const answer = await asAdmin.create([
      { name: 'Leaky', state: stateOn('p1'), visible_to_all: false, visible_to: [outsider.userId] },
    ]);
    expect(answer.status).toBe(422);
    expect(answer.body.detail.type).toBe('bookmark_invalid_visibility');
    expect(await storedCount(t, admin.organizationId)).toBe(before);
  });

  it('hides an inactive bookmark from the menu and keeps it in settings', async () => {
    const b = await created(asAdmin, { name: 'Parked', state: stateOn('p1') });
    expect((await asAdmin.update(b.id, { is_active: false })).body.is_active).toBe(false);
    expect(names(await listed(asAdmin))).not.toContain('Parked');
    expect(names(await listed(asAdmin, 'manage'))).toContain('Parked');
    await asAdmin.remove(b.id);
  });
});

describe('the navigation menu', () => {
  it('is built by admins as categories holding bookmarks, nested, and listed to members', async () => {
    const answer = await asAdmin.create([
      {
        name: 'Marketing',
        is_category: true,
        children: [
          { name: 'Paid search', state: stateOn('p1') },
          { name: 'Social', is_category: true, children: [{ name: 'Meta ads', state: stateOn('p2') }] },
        ],
      },
      { name: 'Empty shelf', is_category: true },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [marketing, shelf] = answer.body.bookmarks as (Listed & { is_navigation: boolean; state: null })[];
    expect(marketing?.is_navigation).toBe(true);
    expect(marketing?.state).toBeNull();
    expect(marketing?.children.map((c) => c.name)).toEqual(['Paid search', 'Social']);

    const menu = await listed(asMember);
    expect(menu.navigation_bookmarks.map((n) => n.name)).toEqual(['Marketing']);
    expect(menu.navigation_bookmarks[0]?.children[1]?.children.map((c) => c.name)).toEqual(['Meta ads']);
    expect(menu.bookmarks.map((b) => b.name)).not.toContain('Paid search');
    // Settings shows the empty category, to be filled.
    expect((await listed(asAdmin, 'manage')).navigation_bookmarks.map((n) => n.name)).toEqual([
      'Marketing',
      'Empty shelf',
    ]);

    const added = await asAdmin.create([{ name: 'Brand', state: stateOn('p1'), parent_id: shelf?.id }]);
    expect(added.status).toBe(201);
    expect((await listed(asMember)).navigation_bookmarks.map((n) => n.name)).toEqual([
      'Marketing',
      'Empty shelf',
    ]);

    // Four levels is one too many; a category cannot go inside itself.
    const social = marketing?.children[1];
    const deep = await asAdmin.create([
      {
        name: 'Too deep',
        is_category: true,
        parent_id: social?.id,
        children: [{ name: 'x', state: stateOn('p1') }],
      },
    ]);
    expect(deep.status).toBe(422);
    expect(deep.body.detail.type).toBe('bookmark_invalid_parent');
    expect((await asAdmin.update(marketing?.id ?? '', { parent_id: social?.id })).status).toBe(422);

    // Members cannot change the menu.
    expect((await asMember.create([{ name: 'Mine', is_category: true }])).status).toBe(403);
    expect((await asMember.create([{ name: 'Nav', state: stateOn('p1'), is_navigation: true }])).status).toBe(
      403,
    );
    const paid = marketing?.children[0];
    expect((await asMember.update(paid?.id ?? '', { name: 'Renamed' })).status).toBe(403);
    expect((await asMember.remove(marketing?.id ?? '')).status).toBe(403);

    // Deleting a category deletes what it holds.
    expect((await asAdmin.remove(marketing?.id ?? '')).status).toBe(200);
    expect((await asAdmin.update(paid?.id ?? '', { name: 'Gone' })).status).toBe(404);
    await asAdmin.remove(shelf?.id ?? '');
  });
});

describe('the demo organization', () => {
  it("offers staff's show_demo bookmarks to every organization, keeps others' private, and refuses show_demo elsewhere", async () => {
    const orgs = await call(t.base, 'GET', '/organizations', { token: admin.token });
    const demo = (orgs.body.organizations as { id: string; is_demo: boolean }[]).find((o) => o.is_demo);
    expect(demo).toBeDefined();
    const demoId = demo?.id ?? '';

    const staff = await owner(t, 'visibility-staff@example.com');
    const staffToken = await makeStaff(t, staff);
    const asStaff = bookmarksApi(t, { token: staffToken }, demoId);
    const showcase = await asStaff.create([{ name: 'Showcase', state: stateOn('p1'), show_demo: true }]);
    expect(showcase.status, JSON.stringify(showcase.body)).toBe(201);
    expect(showcase.body.bookmarks[0]).toMatchObject({ show_demo: true, is_private: false });

    // Another organization sees it among its demo bookmarks, read-only.
    const elsewhere = await listed(asAdmin);
    expect(elsewhere.demo_bookmarks.map((b) => b.name)).toEqual(['Showcase']);
    expect(elsewhere.demo_bookmarks[0]?.can_edit).toBe(false);

    // A visitor's bookmark in the demo organization stays theirs.
    const visitor = bookmarksApi(t, admin, demoId);
    const visiting = await created(visitor, { name: 'My demo view', state: stateOn('p1') });
    expect(visiting.is_private).toBe(true);
    expect(names(await listed(asStaff))).not.toContain('My demo view');
    expect((await visitor.update(visiting.id, { is_private: false })).status).toBe(403);
    expect(
      (await visitor.create([{ name: 'Public?', state: stateOn('p1'), is_private: false }])).status,
    ).toBe(403);
    expect((await visitor.create([{ name: 'Demo?', state: stateOn('p1'), show_demo: true }])).status).toBe(
      403,
    );
    expect(names(await listed(visitor))).toEqual(['Showcase', 'My demo view']);

    // show_demo is the demo organization's, set by staff only.
    expect((await asAdmin.create([{ name: 'Not demo', state: stateOn('p1'), show_demo: true }])).status).toBe(
      403,
    );
    await visitor.remove(visiting.id);
    await asStaff.remove(showcase.body.bookmarks[0].id);
    expect((await listed(asAdmin)).demo_bookmarks).toEqual([]);
  });
});
