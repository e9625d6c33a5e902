// The bookmarks API through HTTP on a real PostgreSQL: capture, list, rename, refresh, delete,
// the duplicate-name and state checks (a refused batch saves nothing), and tenant isolation.
import { decodeReportState } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { bookmarksApi, created, names, owner, REPORT, stateOn, storedCount } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: ReturnType<typeof bookmarksApi>;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'bookmarks-admin@example.com');
  api = bookmarksApi(t, admin, admin.organizationId);
});
afterAll(() => t.close());

describe('a bookmark from capture to delete', () => {
  it('is created, listed, renamed, refreshed and deleted', async () => {
    const answer = await api.create([{ name: '  Spend by Channel! ', state: stateOn('overview') }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.success).toBe(true);
    const [bookmark] = answer.body.bookmarks;
    expect(bookmark).toMatchObject({
      name: 'Spend by Channel!',
      displayName: 'Spend by Channel!',
      slug: 'spend-by-channel',
      report_slug: REPORT,
      children: [],
      is_category: false,
      is_navigation: false,
      is_private: false,
      visible_to_all: true,
      visible_to: [admin.userId],
      created_by_id: admin.userId,
      can_edit: true,
      is_default: false,
      is_active: true,
    });
    expect(decodeReportState(bookmark.state).page).toBe('overview');

    const listed = await api.list();
    expect(listed.status).toBe(200);
    expect(listed.body.bookmarks.map((b: { id: string }) => b.id)).toEqual([bookmark.id]);
    expect(listed.body.navigation_bookmarks).toEqual([]);

    const renamed = await api.update(bookmark.id, { name: 'Paid – Ünïcode spend' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // The slug is the bookmark's address: a rename keeps it, so links copied earlier still open it.
    expect(renamed.body).toMatchObject({ name: 'Paid – Ünïcode spend', slug: 'spend-by-channel' });
    const afterRename = await api.list();
    expect(
      afterRename.body.bookmarks.find((b: { slug: string }) => b.slug === 'spend-by-channel')?.name,
    ).toBe('Paid – Ünïcode spend');
    // The old name is free again; a bookmark that takes it gets its own slug.
    const namesake = await created(api, { name: 'Spend by Channel!', state: stateOn('overview') });
    expect(namesake.slug).toBe('spend-by-channel-2');
    expect((await api.remove(namesake.id)).status).toBe(200);

    const refreshed = await api.update(bookmark.id, { state: stateOn('details') });
    expect(refreshed.status).toBe(200);
    expect(decodeReportState(refreshed.body.state).page).toBe('details');
    expect(refreshed.body.name).toBe('Paid – Ünïcode spend');

    expect((await api.remove(bookmark.id)).status).toBe(200);
    expect(names((await api.list()).body as never)).toEqual([]);
    const again = await api.remove(bookmark.id);
    expect(again.status).toBe(404);
    expect(again.body.detail.type).toBe('bookmark_not_found');
  });

  it('numbers the slug when another bookmark has taken it, and never takes the routes’ own words', async () => {
    const first = await created(api, { name: 'Weekly', state: stateOn('p1') });
    // Another name (punctuation counts for names) with the same slug.
    const second = await created(api, { name: 'weekly!', state: stateOn('p1') });
    expect([first.slug, second.slug]).toEqual(['weekly', 'weekly-2']);
    const edit = await created(api, { name: 'Edit', state: stateOn('p1') });
    expect(edit.slug).toBe('edit-2');
    for (const b of [first, second, edit]) await api.remove(b.id);
  });

  it('keeps one default per member and report', async () => {
    const a = await created(api, { name: 'Default A', state: stateOn('p1'), is_default: true });
    expect(a.is_default).toBe(true);
    const b = await created(api, { name: 'Default B', state: stateOn('p1') });
    expect((await api.update(b.id, { is_default: true })).body.is_default).toBe(true);
    const listed = (await api.list()).body.bookmarks as { name: string; is_default: boolean }[];
    expect(listed.filter((x) => x.is_default).map((x) => x.name)).toEqual(['Default B']);
    expect((await api.update(b.id, { is_default: false })).body.is_default).toBe(false);
    const after = (await api.list()).body.bookmarks as { is_default: boolean }[];
    expect(after.some((x) => x.is_default)).toBe(false);
    await api.remove(a.id);
    await api.remove(b.id);
  });
});

describe('settings', () => {
  it('lists every report’s bookmarks at once (manage), while the menu needs its report', async () => {
    const maya = await created(api, { name: 'On maya', state: stateOn('p1') });
    const seo = await created(bookmarksApi(t, admin, admin.organizationId, '-seo-v1'), {
      name: 'On seo',
      state: stateOn('p1'),
    });
    const query = (scope: string) =>
      call(t.base, 'GET', `/bookmarks?organization_id=${admin.organizationId}&scope=${scope}`, {
        token: admin.token,
      });
    const all = await query('manage');
    expect(all.status).toBe(200);
    expect(
      (all.body.bookmarks as { name: string; report_slug: string }[]).map((b) => [b.name, b.report_slug]),
    ).toEqual([
      ['On maya', '-maya'],
      ['On seo', '-seo-v1'],
    ]);
    expect((await query('menu')).status).toBe(422);
    await api.remove(maya.id);
    await bookmarksApi(t, admin, admin.organizationId, '-seo-v1').remove(seo.id);
  });
});

describe('refused input changes nothing', () => {
  it('refuses a duplicate name (case and accents ignored) with 409, in the batch or against a saved one', async () => {
    const saved = await created(api, { name: 'Café totals', state: stateOn('p1') });
    const before = await storedCount(t, admin.organizationId);

    const clash = await api.create([
      { name: 'Fresh one', state: stateOn('p1') },
      { name: 'CAFE TOTALS ', state: stateOn('p1') },
    ]);
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toMatchObject({
      type: 'bookmark_name_exists',
      message: 'Bookmark name already exists',
    });

    const inBatch = await api.create([
      { name: 'Twice', state: stateOn('p1') },
      { name: 'twice', state: stateOn('p1') },
    ]);
    expect(inBatch.status).toBe(409);
    expect(await storedCount(t, admin.organizationId)).toBe(before);

    const other = await created(api, { name: 'Other', state: stateOn('p1') });
    const rename = await api.update(other.id, { name: 'café Totals' });
    expect(rename.status).toBe(409);
    expect((await api.list()).body.bookmarks.map((b: { name: string }) => b.name)).toEqual([
      'Café totals',
      'Other',
    ]);
    await api.remove(saved.id);
    await api.remove(other.id);
  });

  it('refuses an invalid state with 422 and saves none of the batch', async () => {
    const before = await storedCount(t, admin.organizationId);
    const notBase64 = await api.create([
      { name: 'Good', state: stateOn('p1') },
      { name: 'Bad', state: 'not a state!' },
    ]);
    expect(notBase64.status, JSON.stringify(notBase64.body)).toBe(422);
    const wrongShape = await api.create([
      {
        name: 'Bad shape',
        state: Buffer.from(JSON.stringify({ version: 1, page: 'p1' })).toString('base64url'),
      },
    ]);
    expect(wrongShape.status).toBe(422);
    expect(wrongShape.body.detail.type).toBe('invalid_report_state');
    const wrongVersion = await api.create([
      { name: 'Old', state: Buffer.from(JSON.stringify({ version: 9 })).toString('base64url') },
    ]);
    expect(wrongVersion.body.detail.type).toBe('invalid_report_state');
    expect(await storedCount(t, admin.organizationId)).toBe(before);

    const kept = await created(api, { name: 'Kept', state: stateOn('p1') });
    const refresh = await api.update(kept.id, { state: 'eyJ2ZXJzaW9uIjoxfQ' });
    expect(refresh.status).toBe(422);
    const listed = (await api.list()).body.bookmarks as { id: string; state: string }[];
    expect(decodeReportState(listed.find((b) => b.id === kept.id)?.state ?? '').page).toBe('p1');
    await api.remove(kept.id);
  });

  it('requires a name (Required), a state for a bookmark and none for a category', async () => {
    const before = await storedCount(t, admin.organizationId);
    const blank = await api.create([{ name: '   ', state: stateOn('p1') }]);
    expect(blank.status).toBe(422);
    expect(JSON.stringify(blank.body.detail)).toContain('Required');
    const stateless = await api.create([{ name: 'No state' }]);
    expect(stateless.status).toBe(422);
    expect(stateless.body.detail.type).toBe('bookmark_invalid_kind');
    const categoryWithState = await api.create([{ name: 'Cat', is_category: true, state: stateOn('p1') }]);
    expect(categoryWithState.body.detail.type).toBe('bookmark_invalid_kind');
    const empty = await api.update('00000000-0000-4000-8000-000000000000', {});
    expect(empty.status).toBe(422);
    expect(await storedCount(t, admin.organizationId)).toBe(before);
  });

  it('answers 404 for a report the organization does not have', async () => {
    const answer = await api.create([{ name: 'Nowhere', state: stateOn('p1') }], '-no-such-report');
    expect(answer.status).toBe(404);
    expect(answer.body.detail.type).toBe('report_not_found');
    expect((await api.list('menu', 'no-such-report')).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('answers 404 to a non-member and never reaches another organization’s bookmark', async () => {
    const mine = await created(api, { name: 'Secret plan', state: stateOn('p1') });
    const outsider = await owner(t, 'bookmarks-outsider@example.com');
    const intruder = bookmarksApi(t, outsider, admin.organizationId);
    expect((await intruder.list()).status).toBe(404);
    expect((await intruder.create([{ name: 'Mine now', state: stateOn('p1') }])).status).toBe(404);
    expect((await intruder.update(mine.id, { name: 'Hacked' })).status).toBe(404);
    expect((await intruder.remove(mine.id)).status).toBe(404);

    // Through their own organization the id names nothing (row-level security).
    const ownOrg = bookmarksApi(t, outsider, outsider.organizationId);
    const update = await ownOrg.update(mine.id, { name: 'Hacked' });
    expect(update.status).toBe(404);
    expect(update.body.detail.type).toBe('bookmark_not_found');
    expect((await ownOrg.remove(mine.id)).status).toBe(404);
    expect((await ownOrg.list()).body.bookmarks).toEqual([]);
    // The same name is free in another organization.
    expect((await ownOrg.create([{ name: 'Secret plan', state: stateOn('p1') }])).status).toBe(201);

    expect(names((await api.list()).body as never)).toContain('Secret plan');
    expect((await api.list()).body.bookmarks.find((b: { id: string }) => b.id === mine.id).name).toBe(
      'Secret plan',
    );
    await api.remove(mine.id);
  });

  it('answers 404 when the report slug does not match the bookmark’s', async () => {
    const mine = await created(api, { name: 'On maya', state: stateOn('p1') });
    expect((await api.update(mine.id, { name: 'Moved' }, '-seo-v1')).status).toBe(404);
    expect((await api.remove(mine.id, '-seo-v1')).status).toBe(404);
    expect((await api.remove(mine.id)).status).toBe(200);
  });
});
