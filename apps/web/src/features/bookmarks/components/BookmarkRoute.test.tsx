import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api';
import { signIn } from '../../../test/organizationFixtures';
import { writeBookmarkCache } from '../model/cache';
import { BASE, openBookmarksMenu, ORG_ID, renderToolbar } from '../test/harness';
import { BookmarkToolbar } from './BookmarkToolbar';
import { full, monthly, weekly } from '../test/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts live in a module store: one test's must not be read by the next.
  notifications.clean();
});

describe('the route’s bookmark', () => {
  it('shows the cached menu at once but resolves the route against the server’s answer', async () => {
    const renamed = { ...weekly, slug: 'weekly-v2' };
    signIn();
    writeBookmarkCache(ORG_ID, '-maya', full);
    let answer: (response: Response) => void = () => {};
    renderToolbar(`${BASE}/bookmarks/weekly-v2`, <BookmarkToolbar />, {
      list: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const menu = await openBookmarksMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Weekly' })).toBeInTheDocument();
    expect(screen.queryByText('Bookmark not found')).toBeNull();
    answer(json(200, { ...full, bookmarks: [renamed, monthly] }));
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('weekly'));
    expect(screen.queryByText('Bookmark not found')).toBeNull();
  });

  it('applies bookmarks/{slug} once the report has loaded, and Reload clears it', async () => {
    const { applied, router, reset } = renderToolbar(`${BASE}/bookmarks/weekly`, <BookmarkToolbar />, {
      list: full,
    });
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('weekly'));
    expect(applied).toHaveLength(1);
    expect(screen.getByTestId('active-bookmark')).toHaveTextContent('Weekly');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload without the bookmark' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BASE));
    expect(reset).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('active-bookmark')).toBeNull());
  });

  it("toasts 'Bookmark not found' or '{slug} not found' with the detail", async () => {
    renderToolbar(`${BASE}/bookmarks/nope`, <BookmarkToolbar />, { list: full });
    expect(await screen.findByText('Bookmark not found')).toBeInTheDocument();
    expect(screen.getByText('Could not find bookmark with slug nope')).toBeInTheDocument();
  });

  it('names an unknown navigation slug', async () => {
    renderToolbar(`${BASE}/gone`, <BookmarkToolbar />, { list: full });
    expect(await screen.findByText('gone not found')).toBeInTheDocument();
  });

  it('applies a navigation bookmark by its own route', async () => {
    renderToolbar(`${BASE}/paid-search`, <BookmarkToolbar />, { list: full });
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('paid-search'));
  });

  it('applies the default bookmark on the plain route', async () => {
    const byDefault = { ...monthly, is_default: true };
    renderToolbar(BASE, <BookmarkToolbar />, { list: { ...full, bookmarks: [weekly, byDefault] } });
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('monthly'));
  });

  it('opens the menu on -demo', async () => {
    renderToolbar(`${BASE}/-demo`, <BookmarkToolbar />, { list: full });
    expect(await screen.findByRole('menuitem', { name: /Showcase/ })).toBeInTheDocument();
  });

  it('shows the load failure', async () => {
    renderToolbar(BASE, <BookmarkToolbar />, {
      list: () => json(404, { detail: { type: 'workspace_not_setup' } }),
    });
    expect(await screen.findByText('Data not yet available. Please try again later.')).toBeInTheDocument();
  });
});
