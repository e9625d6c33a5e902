import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/organizationFixtures';
import { bookmarkFixture, ORG_ID } from '../test/harness';
import { bookmarkCacheKey, readBookmarkCache, writeBookmarkCache } from './cache';

const list = {
  bookmarks: [bookmarkFixture({ name: 'Weekly' })],
  navigation_bookmarks: [],
  demo_bookmarks: [],
};

describe('bookmark cache (spec 002 §3 local storage)', () => {
  it('keeps the menu per organization and report, for the user who saw it only', () => {
    signIn('user-a');
    writeBookmarkCache(ORG_ID, '-maya', list);
    expect(window.localStorage.getItem(bookmarkCacheKey(ORG_ID, '-maya'))).toContain('Weekly');
    expect(readBookmarkCache(ORG_ID, '-maya')).toEqual(list);
    expect(readBookmarkCache(ORG_ID, '-seo-v1')).toBeUndefined();
    signIn('user-b');
    expect(readBookmarkCache(ORG_ID, '-maya')).toBeUndefined();
  });

  it('ignores a corrupt or foreign-shaped entry', () => {
    signIn('user-a');
    window.localStorage.setItem(bookmarkCacheKey(ORG_ID, '-maya'), '{not json');
    expect(readBookmarkCache(ORG_ID, '-maya')).toBeUndefined();
    window.localStorage.setItem(
      bookmarkCacheKey(ORG_ID, '-maya'),
      JSON.stringify({ userId: 'user-a', list: { bookmarks: 'nope' } }),
    );
    expect(readBookmarkCache(ORG_ID, '-maya')).toBeUndefined();
  });
});
