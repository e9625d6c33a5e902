import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { mockRoutes, signIn } from '../../../test/organizationFixtures';
import { bookmarkErrorMessage, bookmarkLoadMessage, isNameTaken } from '../messages';
import { bookmarkFixture, ORG_ID } from '../test/harness';
import {
  createBookmarks,
  deleteBookmark,
  listBookmarks,
  listManagedBookmarks,
  updateBookmark,
} from './bookmarks';

const weekly = bookmarkFixture({ name: 'Weekly' });
const list = { bookmarks: [weekly], navigation_bookmarks: [], demo_bookmarks: [] };

describe('bookmarks API', () => {
  it('lists one report for the menu, every report for settings, with the bearer token', async () => {
    signIn();
    const calls = mockRoutes({ 'GET /api/bookmarks': () => json(200, list) });
    expect((await listBookmarks(ORG_ID, '-maya')).bookmarks[0]?.name).toBe('Weekly');
    await listManagedBookmarks(ORG_ID);
    expect(calls.map((c) => c.search)).toEqual([
      `?organization_id=${ORG_ID}&report_slug=-maya&scope=menu`,
      `?organization_id=${ORG_ID}&scope=manage`,
    ]);
  });

  it('creates, updates and deletes with the report slug and the organization', async () => {
    signIn();
    const calls = mockRoutes({
      'POST /api/bookmarks': () => json(201, { success: true, bookmarks: [weekly] }),
      [`PATCH /api/bookmarks/${weekly.id}`]: () => json(200, weekly),
      [`DELETE /api/bookmarks/${weekly.id}`]: () => json(200, { success: true }),
    });
    const created = await createBookmarks({
      organizationId: ORG_ID,
      reportSlug: '-maya',
      bookmarks: [{ name: 'Weekly', state: 'abc' }],
    });
    expect(created.map((b) => b.id)).toEqual([weekly.id]);
    await updateBookmark({
      organizationId: ORG_ID,
      reportSlug: '-maya',
      id: weekly.id,
      change: { name: 'W' },
    });
    await deleteBookmark({ organizationId: ORG_ID, reportSlug: '-maya', id: weekly.id });
    expect(calls.map((c) => [c.method, c.body ?? c.search])).toEqual([
      [
        'POST',
        { organization_id: ORG_ID, report_slug: '-maya', bookmarks: [{ name: 'Weekly', state: 'abc' }] },
      ],
      ['PATCH', { organization_id: ORG_ID, report_slug: '-maya', bookmark: { name: 'W' } }],
      ['DELETE', `?organization_id=${ORG_ID}&report_slug=-maya`],
    ]);
  });

  it('refuses an answer that is not a bookmark list', async () => {
    signIn();
    mockRoutes({ 'GET /api/bookmarks': () => json(200, { bookmarks: [{ id: 'nope' }] }) });
    await expect(listBookmarks(ORG_ID, '-maya')).rejects.toMatchObject({ type: 'invalid_response' });
  });

  it('maps failures to the spec’s messages (spec 002 §8)', async () => {
    signIn();
    mockRoutes({
      'GET /api/bookmarks': () => json(404, { detail: { type: 'workspace_not_setup' } }),
      'POST /api/bookmarks': () => json(409, { detail: { type: 'bookmark_name_exists' } }),
      [`PATCH /api/bookmarks/${weekly.id}`]: () => json(404, { detail: { type: 'bookmark_not_found' } }),
      [`DELETE /api/bookmarks/${weekly.id}`]: () => json(403, { detail: { type: 'bookmark_forbidden' } }),
    });
    const load = await listBookmarks(ORG_ID, '-maya').catch((e: unknown) => e);
    expect(bookmarkLoadMessage(load)).toBe('Data not yet available. Please try again later.');
    expect(bookmarkLoadMessage(new Error('x'))).toBe('Failed to load bookmarks. Please try again later.');
    const taken = await createBookmarks({ organizationId: ORG_ID, reportSlug: '-maya', bookmarks: [] }).catch(
      (e: unknown) => e,
    );
    expect(isNameTaken(taken)).toBe(true);
    expect(bookmarkErrorMessage(taken, 'create')).toBe('Error creating bookmark: bookmark_name_exists');
    const missing = await updateBookmark({
      organizationId: ORG_ID,
      reportSlug: '-maya',
      id: weekly.id,
      change: { name: 'x' },
    }).catch((e: unknown) => e);
    expect(bookmarkErrorMessage(missing, 'update')).toBe('Could not update bookmark');
    const refused = await deleteBookmark({
      organizationId: ORG_ID,
      reportSlug: '-maya',
      id: weekly.id,
    }).catch((e: unknown) => e);
    expect(bookmarkErrorMessage(refused, 'delete')).toBe('Error deleting bookmark: bookmark_forbidden');
  });
});
