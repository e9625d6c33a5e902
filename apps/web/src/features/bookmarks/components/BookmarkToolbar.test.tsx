import { decodeReportState } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api';
import { BASE, bookmarkFixture, emptyList, openBookmarksMenu, ORG_ID, renderToolbar } from '../test/harness';
import { BookmarkToolbar } from './BookmarkToolbar';
import { mockMediaQueries } from '../../../test/media';
import { actionsOf, full, weekly } from '../test/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts live in a module store: one test's must not be read by the next.
  notifications.clean();
});

describe('capture', () => {
  it("asks a name ('Required'), refuses a taken one, confirms, then saves the view on screen", async () => {
    const saved = bookmarkFixture({ name: 'Spend view' });
    const { calls, router } = renderToolbar(BASE, <BookmarkToolbar />, {
      list: full,
      routes: { 'POST /api/bookmarks': () => json(201, { success: true, bookmarks: [saved] }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save bookmark' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save bookmark' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: 'Bookmark name' });
    await user.type(name, ' weekly ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Bookmark name already exists');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(name);
    await user.type(name, 'Spend view');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Are you sure you want to save this bookmark?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Added bookmark')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/bookmarks');
    const body = post?.body as {
      organization_id: string;
      report_slug: string;
      bookmarks: { name: string; state: string; is_private: boolean }[];
    };
    expect(body.organization_id).toBe(ORG_ID);
    expect(body.report_slug).toBe('-maya');
    expect(body.bookmarks[0]?.name).toBe('Spend view');
    expect(body.bookmarks[0]?.is_private).toBe(false);
    expect(decodeReportState(body.bookmarks[0]?.state ?? '').page).toBe('overview');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/bookmarks/spend-view`));
    // The menu is read again after the save.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/bookmarks').length).toBeGreaterThan(
        1,
      ),
    );
  });

  it('shows the server’s duplicate-name refusal as the alert and keeps the dialog', async () => {
    renderToolbar(BASE, <BookmarkToolbar />, {
      routes: {
        'POST /api/bookmarks': () =>
          json(409, { detail: { type: 'bookmark_name_exists', message: 'Bookmark name already exists' } }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save bookmark' }));
    await user.type(await screen.findByRole('textbox', { name: 'Bookmark name' }), 'Someone else’s');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Bookmark name already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bookmark name' })).toHaveValue('Someone else’s');
    expect(screen.queryByText('Added bookmark')).toBeNull();
  });

  it('cannot capture before the report has loaded', async () => {
    renderToolbar(BASE, <BookmarkToolbar />, { loaded: false });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save bookmark' }));
    expect(
      await screen.findByText("Couldn't capture bookmark; report not loaded; invalid report"),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a demo visitor’s bookmark private', async () => {
    const { calls } = renderToolbar(BASE, <BookmarkToolbar />, {
      role: 'member',
      demo: true,
      routes: { 'POST /api/bookmarks': () => json(201, { success: true, bookmarks: [weekly] }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save bookmark' }));
    const privateSwitch = await screen.findByRole('switch', { name: /^Private/ });
    expect(privateSwitch).toBeChecked();
    expect(privateSwitch).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Bookmark name' }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Added bookmark');
    const post = calls.find((c) => c.method === 'POST');
    expect((post?.body as { bookmarks: { is_private: boolean }[] }).bookmarks[0]?.is_private).toBe(true);
  });
});

describe('the bookmarks menu', () => {
  it("says 'No bookmarks' and 'No bookmark selected' when there are none", async () => {
    renderToolbar(BASE, <BookmarkToolbar />, { list: emptyList });
    const user = userEvent.setup();
    const menu = await openBookmarksMenu(user);
    expect(within(menu).getByText('No bookmark selected')).toBeInTheDocument();
    expect(await within(menu).findByText('No bookmarks')).toBeInTheDocument();
  });

  it('nests the navigation under categories that do not apply, badges demo bookmarks, and applies by route', async () => {
    const { router, applied } = renderToolbar(BASE, <BookmarkToolbar />, { list: full });
    const user = userEvent.setup();
    const menu = await openBookmarksMenu(user);
    const category = await within(menu).findByRole('menuitem', { name: 'Marketing' });
    await user.click(category);
    expect(router.state.location.pathname).toBe(BASE);
    category.focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('menuitem', { name: 'Paid search' })).toBeInTheDocument();
    const demoItem = within(menu).getByRole('menuitem', { name: /Showcase/ });
    expect(within(demoItem).getByText('Demo')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Weekly' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/bookmarks/weekly`));
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('weekly'));
    expect(applied.at(-1)?.page).toBe('weekly');
    expect(screen.getByTestId('active-bookmark')).toHaveTextContent('Weekly');
  });

  it('applies a demo bookmark in place with the (Demo) tag', async () => {
    const { router } = renderToolbar(BASE, <BookmarkToolbar />, { list: full });
    const user = userEvent.setup();
    const menu = await openBookmarksMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Showcase/ }));
    expect(screen.getByTestId('page')).toHaveTextContent('showcase');
    expect(screen.getByTestId('active-bookmark')).toHaveTextContent('Showcase(Demo)');
    expect(router.state.location.pathname).toBe(BASE);
  });

  it("refuses to apply before the report has loaded: 'Couldn't apply bookmark; report not loaded'", async () => {
    const { router } = renderToolbar(BASE, <BookmarkToolbar />, { list: full, loaded: false });
    const user = userEvent.setup();
    const menu = await openBookmarksMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Weekly' }));
    expect(await screen.findByText("Couldn't apply bookmark; report not loaded")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(BASE);
  });

  it('opens a bookmark’s actions with a tap on a touch screen (no hover), Apply first', async () => {
    mockMediaQueries((query) => query === '(hover: none)');
    const { router } = renderToolbar(BASE, <BookmarkToolbar />, { list: full });
    const user = userEvent.setup();
    const menu = await openBookmarksMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Weekly' }));
    // The tap opened the actions rather than applying the bookmark.
    const actions = await screen.findByRole('menu', { name: 'Weekly' });
    expect(router.state.location.pathname).toBe(BASE);
    for (const name of ['Apply', 'Rename', 'Delete', 'Copy link']) {
      expect(within(actions).getByRole('menuitem', { name })).toBeInTheDocument();
    }
    const rename = within(actions).getByRole('menuitem', { name: 'Rename' });
    await user.click(rename);
    expect(await screen.findByRole('dialog', { name: 'Rename bookmark' })).toBeInTheDocument();
  });

  it('lets staff in the demo organization show a bookmark as a demo bookmark', async () => {
    const { calls } = renderToolbar(BASE, <BookmarkToolbar />, {
      list: full,
      isStaff: true,
      demoOrganization: true,
      routes: {
        [`PATCH /api/bookmarks/${weekly.id}`]: () => json(200, { ...weekly, show_demo: true }),
      },
    });
    const user = userEvent.setup();
    const actions = await actionsOf(user, 'Weekly');
    await user.click(within(actions).getByRole('menuitem', { name: 'Show as a demo bookmark' }));
    expect(await screen.findByText('Saved Weekly successfully')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe(`/api/bookmarks/${weekly.id}`);
    expect(patch?.body).toMatchObject({ bookmark: { show_demo: true } });
  });

  it('offers the demo mark to no one else', async () => {
    renderToolbar(BASE, <BookmarkToolbar />, { list: full, isStaff: false, demoOrganization: true });
    const user = userEvent.setup();
    const actions = await actionsOf(user, 'Weekly');
    expect(within(actions).queryByRole('menuitem', { name: 'Show as a demo bookmark' })).toBeNull();
  });

  it('offers rename, refresh, visibility and delete only where the bookmark permits', async () => {
    renderToolbar(BASE, <BookmarkToolbar />, { list: full, role: 'member' });
    const user = userEvent.setup();
    const actions = await actionsOf(user, 'Monthly');
    expect(within(actions).getByRole('menuitem', { name: 'Apply' })).toBeInTheDocument();
    expect(within(actions).getByRole('menuitem', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(actions).getByRole('menuitem', { name: 'Set as default' })).toBeInTheDocument();
    for (const name of ['Rename', 'Delete', 'Edit visibility', 'Refresh with the current view']) {
      expect(within(actions).queryByRole('menuitem', { name })).toBeNull();
    }
  });

  it.each(['Cancel', 'Confirm'] as const)('asks before deleting: %s', async (answer) => {
    let deleted = 0;
    const { calls } = renderToolbar(BASE, <BookmarkToolbar />, {
      list: full,
      routes: {
        [`DELETE /api/bookmarks/${weekly.id}`]: () => {
          deleted += 1;
          return json(200, { success: true });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(within(await actionsOf(user, 'Weekly')).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete bookmark' });
    expect(dialog).toHaveTextContent('The bookmark "Weekly" will be deleted');
    // The dialog's close button is also named Cancel: the one with the text.
    await user.click(within(dialog).getByText(answer));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    if (answer === 'Cancel') {
      expect(deleted).toBe(0);
      return;
    }
    expect(deleted).toBe(1);
    const call = calls.find((c) => c.method === 'DELETE');
    expect(call?.search).toBe(`?organization_id=${ORG_ID}&report_slug=-maya`);
  });

  it('refreshes a bookmark with the view on screen after the confirmation', async () => {
    const { calls } = renderToolbar(BASE, <BookmarkToolbar />, {
      list: full,
      routes: { [`PATCH /api/bookmarks/${weekly.id}`]: () => json(200, weekly) },
    });
    const user = userEvent.setup();
    await user.click(
      within(await actionsOf(user, 'Weekly')).getByRole('menuitem', {
        name: 'Refresh with the current view',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to save this bookmark?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Refreshed bookmark')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')?.body as { bookmark: { state: string } };
    expect(decodeReportState(patch.bookmark.state).page).toBe('overview');
  });

  it('copies the bookmark’s link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderToolbar(BASE, <BookmarkToolbar />, { list: full });
    await user.click(within(await actionsOf(user, 'Weekly')).getByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Bookmark Weekly copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${BASE}/bookmarks/weekly`);
  });
});
