import type { Member } from '../../organizations';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { USER_ID } from '../../../test/organizationFixtures';
import { BASE, bookmarkFixture, openBookmarksMenu, ORG_ID, OTHER_ID, renderToolbar } from '../test/harness';
import { BookmarkToolbar } from './BookmarkToolbar';

afterEach(() => notifications.clean());

const THIRD_ID = '22222222-2222-4222-8222-222222222222';
const members: Member[] = [
  {
    id: USER_ID,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'admin',
    joined_at: '2024-01-02T12:00:00.000Z',
  },
  {
    id: OTHER_ID,
    email: 'grace@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    role: 'member',
    joined_at: '2024-02-03T12:00:00.000Z',
  },
  {
    id: THIRD_ID,
    email: 'alan@example.com',
    first_name: 'Alan',
    last_name: 'Turing',
    role: 'member',
    joined_at: '2024-02-04T12:00:00.000Z',
  },
];

const shared = bookmarkFixture({
  name: 'Shared view',
  visible_to_all: false,
  visible_to: [USER_ID, OTHER_ID],
});

async function openVisibility(user: ReturnType<typeof userEvent.setup>) {
  const menu = await openBookmarksMenu(user);
  await waitFor(async () => {
    within(menu).getByRole('menuitem', { name: 'Shared view' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('menu', { name: 'Shared view' })).toBeInTheDocument();
  });
  await user.click(
    within(screen.getByRole('menu', { name: 'Shared view' })).getByRole('menuitem', {
      name: 'Edit visibility',
    }),
  );
  return screen.findByRole('dialog', { name: 'Bookmark visibility' });
}

describe('bookmark visibility (spec 002 §5)', () => {
  it('shows admins every member with a switch; the creator always on; saves the chosen members', async () => {
    const { calls } = renderToolbar(BASE, <BookmarkToolbar />, {
      list: { bookmarks: [shared], navigation_bookmarks: [], demo_bookmarks: [] },
      routes: {
        [`GET /api/organizations/${ORG_ID}/users`]: () => json(200, { users: members }),
        [`PATCH /api/bookmarks/${shared.id}`]: () => json(200, shared),
      },
    });
    const user = userEvent.setup();
    const dialog = await openVisibility(user);
    const group = within(dialog).getByRole('group', { name: 'Members' });
    const creator = await within(group).findByRole('switch', { name: /Ada Lovelace \(you\) \(creator\)/ });
    expect(creator).toBeChecked();
    expect(creator).toBeDisabled();
    const grace = within(group).getByRole('switch', { name: /Grace Hopper/ });
    const alan = within(group).getByRole('switch', { name: /Alan Turing/ });
    expect(grace).toBeChecked();
    expect(alan).not.toBeChecked();

    await user.click(alan);
    await user.click(grace);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Shared view successfully')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')?.body as {
      bookmark: { visible_to: string[]; visible_to_all: boolean; is_private: boolean };
    };
    expect(patch.bookmark).toEqual({ is_private: false, visible_to_all: false, visible_to: [THIRD_ID] });
  });

  it('locks every row under the all-members switch and under Private', async () => {
    renderToolbar(BASE, <BookmarkToolbar />, {
      list: { bookmarks: [shared], navigation_bookmarks: [], demo_bookmarks: [] },
      routes: { [`GET /api/organizations/${ORG_ID}/users`]: () => json(200, { users: members }) },
    });
    const user = userEvent.setup();
    const dialog = await openVisibility(user);
    const alan = await within(dialog).findByRole('switch', { name: /Alan Turing/ });
    await user.click(within(dialog).getByRole('switch', { name: /^Visible to all members/ }));
    expect(alan).toBeChecked();
    expect(alan).toBeDisabled();
    await user.click(within(dialog).getByRole('switch', { name: /^Private/ }));
    expect(alan).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /^Visible to all members/ })).toBeDisabled();
  });

  it('shows other users only their own row and never sends the members list', async () => {
    const own = bookmarkFixture({
      name: 'Shared view',
      visible_to_all: false,
      visible_to: [USER_ID, OTHER_ID],
    });
    const { calls } = renderToolbar(BASE, <BookmarkToolbar />, {
      role: 'member',
      list: { bookmarks: [own], navigation_bookmarks: [], demo_bookmarks: [] },
      routes: { [`PATCH /api/bookmarks/${own.id}`]: () => json(200, own) },
    });
    const user = userEvent.setup();
    const dialog = await openVisibility(user);
    const rows = within(within(dialog).getByRole('group', { name: 'Members' })).getAllByRole('switch');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAccessibleName(/Ada Lovelace \(you\) \(creator\)/);
    expect(within(dialog).getByText('Admins choose the members who see a bookmark.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: /^Private/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved Shared view successfully');
    expect(calls.some((c) => c.path.endsWith('/users'))).toBe(false);
    const patch = calls.find((c) => c.method === 'PATCH')?.body as { bookmark: Record<string, unknown> };
    expect(patch.bookmark).toEqual({ is_private: true, visible_to_all: false });
  });
});
