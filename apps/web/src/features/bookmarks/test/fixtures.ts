// The bookmark lists and the menu helper the toolbar's tests share.
import type { BookmarkListResponse } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { bookmarkFixture, openBookmarksMenu } from './harness';

export const weekly = bookmarkFixture({ name: 'Weekly' });
export const monthly = bookmarkFixture({ name: 'Monthly', can_edit: false, created_by_id: null });
export const paid = bookmarkFixture({ name: 'Paid search', is_navigation: true });
export const marketing = bookmarkFixture({
  name: 'Marketing',
  is_navigation: true,
  is_category: true,
  state: null,
  children: [paid],
});
export const showcase = bookmarkFixture({ name: 'Showcase', show_demo: true, can_edit: false });
export const full: BookmarkListResponse = {
  bookmarks: [weekly, monthly],
  navigation_bookmarks: [marketing],
  demo_bookmarks: [showcase],
};

/** Opens a user bookmark's actions (its submenu) and answers the submenu. */
export async function actionsOf(user: ReturnType<typeof userEvent.setup>, name: string) {
  const menu = await openBookmarksMenu(user);
  // Focus can come back late from a dialog that just closed: try the keyboard until the submenu opens.
  await waitFor(async () => {
    within(menu).getByRole('menuitem', { name }).focus();
    await user.keyboard('{ArrowRight}');
    // The submenu is labelled by its item.
    expect(screen.getByRole('menu', { name })).toBeInTheDocument();
  });
  return screen.getByRole('menu', { name });
}
