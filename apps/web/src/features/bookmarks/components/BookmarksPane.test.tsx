import type { BookmarkListResponse } from '@maya/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api';
import { BASE, renderToolbar } from '../test/harness';
import { BookmarkToolbar } from './BookmarkToolbar';
import { actionsOf, full, monthly, weekly } from '../test/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts live in a module store: one test's must not be read by the next.
  notifications.clean();
});

describe('renaming', () => {
  it('keeps the bookmark’s address: the link copied before still opens it, under its new name', async () => {
    const renamed = { ...weekly, name: 'Weekly spend', displayName: 'Weekly spend' };
    let list: BookmarkListResponse = full;
    const { router } = renderToolbar(`${BASE}/bookmarks/weekly`, <BookmarkToolbar />, {
      list: () => json(200, list),
      routes: {
        [`PATCH /api/bookmarks/${weekly.id}`]: () => {
          list = { ...full, bookmarks: [renamed, monthly] };
          return json(200, renamed);
        },
      },
    });
    await waitFor(() => expect(screen.getByTestId('active-bookmark')).toHaveTextContent('Weekly'));
    const user = userEvent.setup();
    await user.click(within(await actionsOf(user, 'Weekly')).getByRole('menuitem', { name: 'Rename' }));
    await screen.findByRole('dialog', { name: 'Rename bookmark' });
    const input = await screen.findByRole('textbox', { name: 'Bookmark name' });
    await waitFor(() => expect(input).toHaveValue('Weekly'));
    // The menu hands the focus back to its button as it closes: the new name is set, not typed.
    fireEvent.change(input, { target: { value: 'Weekly spend' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Weekly spend successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('active-bookmark')).toHaveTextContent('Weekly spend'));
    expect(router.state.location.pathname).toBe(`${BASE}/bookmarks/weekly`);

    // The old link, opened again, applies the renamed bookmark.
    await router.navigate(BASE);
    await router.navigate(`${BASE}/bookmarks/weekly`);
    await waitFor(() => expect(screen.getByTestId('active-bookmark')).toHaveTextContent('Weekly spend'));
    expect(screen.queryByText('Bookmark not found')).toBeNull();
  }, 40_000);
});

describe('the bookmarks pane of edit mode', () => {
  it('lists the bookmarks beside the page: a name applies, the actions open with a click', async () => {
    const { router } = renderToolbar(BASE, <BookmarkToolbar />, { list: full, edit: true });
    const pane = await screen.findByRole('complementary', { name: 'Bookmarks pane' });
    expect(within(pane).getByText('No bookmark selected')).toBeInTheDocument();
    expect(within(pane).getByText('Marketing')).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: /Paid search/ })).toBeInTheDocument();
    expect(
      within(within(pane).getByRole('button', { name: /Showcase/ })).getByText('Demo'),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(pane).getByRole('button', { name: 'Weekly' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/bookmarks/weekly`));
    const activePane = await screen.findByRole('complementary', { name: 'Bookmarks pane' });
    await waitFor(() => expect(within(activePane).getByText('Active: Weekly')).toBeInTheDocument());

    await user.click(within(activePane).getByRole('button', { name: 'Actions of Weekly' }));
    const actions = await screen.findByRole('menu');
    await user.click(within(actions).getByRole('menuitem', { name: 'Rename' }));
    expect(await screen.findByRole('dialog', { name: 'Rename bookmark' })).toBeInTheDocument();
  });

  it('is not drawn in view mode', async () => {
    renderToolbar(BASE, <BookmarkToolbar />, { list: full });
    await screen.findByRole('button', { name: 'Bookmarks' });
    expect(screen.queryByRole('complementary', { name: 'Bookmarks pane' })).toBeNull();
  });
});
