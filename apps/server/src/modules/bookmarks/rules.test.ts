import { describe, expect, it } from 'vitest';
import type { StoredBookmark } from './repository';
import {
  canEdit,
  competitors,
  depthOf,
  freeSlug,
  heightOf,
  childrenByParent,
  isListed,
  isVisibleTo,
  isWithin,
  type Caller,
} from './rules';

const CREATOR = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

function row(overrides: Partial<StoredBookmark> = {}): StoredBookmark {
  return {
    id: 'b1',
    organizationId: 'o',
    reportSlug: '-maya',
    name: 'B',
    nameKey: 'b',
    displayName: 'B',
    slug: 'b',
    state: 'x',
    parentId: null,
    position: 0,
    isCategory: false,
    isNavigation: false,
    showDemo: false,
    isActive: true,
    isPrivate: false,
    visibleToAll: false,
    createdAt: new Date(),
    createdById: CREATOR,
    updatedAt: new Date(),
    memberIds: [],
    ...overrides,
  };
}

const caller = (userId: string, role: 'owner' | 'admin' | 'member', isStaff = false): Caller => ({
  access: { organizationId: 'o', role, isDemo: false },
  auth: { userId, email: 'x@example.com', emailVerified: true, isStaff, sessionId: null },
});

describe('bookmark visibility (spec 002 §5, §6)', () => {
  it('always shows the creator; private hides it from everyone else, admins included', () => {
    const mine = row({ isPrivate: true, visibleToAll: true, memberIds: [OTHER] });
    expect(isVisibleTo(mine, CREATOR)).toBe(true);
    expect(isVisibleTo(mine, OTHER)).toBe(false);
    expect(isListed(mine, caller(OTHER, 'admin'), 'manage')).toBe(false);
  });

  it('shows the chosen members or everyone', () => {
    expect(isVisibleTo(row({ memberIds: [OTHER] }), OTHER)).toBe(true);
    expect(isVisibleTo(row(), OTHER)).toBe(false);
    expect(isVisibleTo(row({ visibleToAll: true }), OTHER)).toBe(true);
  });

  it('lists inactive bookmarks in settings only; admins manage what they do not see', () => {
    const hidden = row({ isActive: false, visibleToAll: true });
    expect(isListed(hidden, caller(OTHER, 'member'), 'menu')).toBe(false);
    expect(isListed(hidden, caller(OTHER, 'member'), 'manage')).toBe(true);
    expect(isListed(row(), caller(OTHER, 'admin'), 'manage')).toBe(true);
    expect(isListed(row(), caller(OTHER, 'member'), 'manage')).toBe(false);
  });

  it('lets the creator or a manager edit; the navigation menu is the managers’', () => {
    expect(canEdit(row(), caller(CREATOR, 'member'))).toBe(true);
    expect(canEdit(row(), caller(OTHER, 'member'))).toBe(false);
    expect(canEdit(row(), caller(OTHER, 'member', true))).toBe(true);
    expect(canEdit(row({ isNavigation: true }), caller(CREATOR, 'member'))).toBe(false);
    expect(canEdit(row({ isNavigation: true }), caller(OTHER, 'owner'))).toBe(true);
  });
});

describe('slugs and the tree', () => {
  it('numbers a taken slug and never takes the dashboard’s own words', () => {
    expect(freeSlug('Weekly!', new Set())).toBe('weekly');
    expect(freeSlug('Weekly', new Set(['weekly', 'weekly-2']))).toBe('weekly-3');
    expect(freeSlug('Bookmarks', new Set())).toBe('bookmarks-2');
    expect(freeSlug('???', new Set())).toBe('bookmark');
    expect(freeSlug('x'.repeat(80), new Set(['x'.repeat(64)]))).toBe(`${'x'.repeat(62)}-2`);
  });

  it('measures depth and height, and spots a move into its own subtree', () => {
    const top = row({ id: 'top', isCategory: true, isNavigation: true });
    const mid = row({ id: 'mid', parentId: 'top', isCategory: true, isNavigation: true });
    const leaf = row({ id: 'leaf', parentId: 'mid', isNavigation: true });
    const byId = new Map([top, mid, leaf].map((r) => [r.id, r]));
    expect(depthOf('leaf', byId)).toBe(3);
    expect(heightOf('top', childrenByParent([top, mid, leaf]))).toBe(2);
    expect(isWithin('leaf', 'top', byId)).toBe(true);
    expect(isWithin('top', 'leaf', byId)).toBe(false);
  });
});

describe('the names a bookmark competes with (spec 002 §5 duplicate names)', () => {
  const theirPrivate = row({ id: 'p', isPrivate: true, createdById: OTHER });
  const myPrivate = row({ id: 'm', isPrivate: true, createdById: CREATOR });
  const hiddenShared = row({ id: 's', createdById: OTHER, visibleToAll: false });
  const open = row({ id: 'o', createdById: OTHER, visibleToAll: true });
  const rows = [theirPrivate, myPrivate, hiddenShared, open];
  const ids = (found: StoredBookmark[]) => found.map((b) => b.id).sort();

  it("never counts another person's private bookmark, whoever asks", () => {
    for (const who of [
      caller(CREATOR, 'member'),
      caller(CREATOR, 'owner'),
      caller(CREATOR, 'member', true),
    ]) {
      for (const isPrivate of [true, false]) {
        expect(ids(competitors(rows, { isPrivate, createdById: CREATOR }, who))).not.toContain('p');
      }
    }
  });

  it('counts what the caller sees, and the shared ones for a shared bookmark (the unique index)', () => {
    const member = caller(CREATOR, 'member');
    expect(ids(competitors(rows, { isPrivate: true, createdById: CREATOR }, member))).toEqual(['m', 'o']);
    expect(ids(competitors(rows, { isPrivate: false, createdById: CREATOR }, member))).toEqual([
      'm',
      'o',
      's',
    ]);
  });
});
