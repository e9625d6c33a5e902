import { describe, expect, it } from 'vitest';
import {
  BookmarkChangeSchema,
  bookmarkNameKey,
  bookmarkSlug,
  CreateBookmarksRequestSchema,
  NewBookmarkSchema,
} from './bookmarks';

describe('bookmark slug', () => {
  it('lower cases, drops non-word characters and collapses spaces and dashes (spec 002 §5)', () => {
    expect(bookmarkSlug('Spend by Channel!')).toBe('spend-by-channel');
    expect(bookmarkSlug('  a -- b__c  ')).toBe('a-b-c');
    expect(bookmarkSlug('-demo')).toBe('demo');
    expect(bookmarkSlug('Café Ünïcode')).toBe('cafe-unicode');
    expect(bookmarkSlug('Πωλήσεις 2024')).toBe('πωλησεις-2024');
    expect(bookmarkSlug('!!!')).toBe('');
    expect(bookmarkSlug('x'.repeat(70) + ' y').length).toBeLessThanOrEqual(64);
    expect(bookmarkSlug(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });

  it('compares names without case, accents or surrounding spaces', () => {
    expect(bookmarkNameKey(' Café ')).toBe(bookmarkNameKey('CAFE'));
    expect(bookmarkNameKey('Cafe!')).not.toBe(bookmarkNameKey('Cafe'));
  });
});

describe('bookmark requests', () => {
  it("requires a name ('Required') and trims it", () => {
    const blank = NewBookmarkSchema.safeParse({ name: '  ', state: 'abc' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Required');
    expect(NewBookmarkSchema.parse({ name: ' Weekly ', state: 'abc' }).name).toBe('Weekly');
  });

  it('accepts a category with nested children, up to the batch limit', () => {
    const request = {
      organization_id: '00000000-0000-4000-8000-000000000000',
      report_slug: '-maya',
      bookmarks: [{ name: 'Cat', is_category: true, children: [{ name: 'Child', state: 'abc' }] }],
    };
    expect(CreateBookmarksRequestSchema.parse(request).bookmarks[0]?.children?.[0]?.name).toBe('Child');
    const tooMany = {
      ...request,
      bookmarks: Array.from({ length: 51 }, (_, i) => ({ name: `b${i}`, state: 'a' })),
    };
    expect(CreateBookmarksRequestSchema.safeParse(tooMany).success).toBe(false);
  });

  it('refuses a fourth level rather than dropping it', () => {
    const leaf = { name: 'Leaf', state: 'abc' };
    const three = {
      name: 'A',
      is_category: true,
      children: [{ name: 'B', is_category: true, children: [leaf] }],
    };
    expect(NewBookmarkSchema.safeParse(three).success).toBe(true);
    const four = {
      name: 'A',
      is_category: true,
      children: [
        { name: 'B', is_category: true, children: [{ name: 'C', is_category: true, children: [leaf] }] },
      ],
    };
    expect(NewBookmarkSchema.safeParse(four).success).toBe(false);
  });

  it('refuses an update that changes nothing', () => {
    expect(BookmarkChangeSchema.safeParse({}).success).toBe(false);
    expect(BookmarkChangeSchema.safeParse({ is_default: false }).success).toBe(true);
  });
});
