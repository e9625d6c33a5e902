import type { Bookmark, EmbedReport } from '@maya/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { USER_ID } from '../../../test/organizationFixtures';
import { acme, renderSettings } from '../test/settingsFixtures';

const PAGE = '/organization/acme/settings/bookmarks';

afterEach(() => notifications.clean());

function bookmark(id: number, name: string, overrides: Partial<Bookmark> = {}): Bookmark {
  return {
    id: `00000000-0000-4000-8000-0000000000${String(id).padStart(2, '0')}`,
    name,
    displayName: name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    report_slug: '-maya',
    state: 'eyJ2ZXJzaW9uIjoxfQ',
    children: [],
    order: id,
    is_category: false,
    is_navigation: false,
    show_demo: false,
    is_active: true,
    is_default: false,
    is_private: false,
    visible_to_all: true,
    visible_to: [USER_ID],
    created_at: '2026-01-02T03:04:05.000Z',
    created_by_id: USER_ID,
    can_edit: true,
    ...overrides,
  };
}

const report = (slug: string, name: string): EmbedReport => ({
  id: slug,
  slug,
  name,
  embed_url: '',
  access_token: null,
  access_level: 'Edit',
  permission_level: 'admin',
  demo: false,
  is_custom: false,
  dataset_id: 'marketing',
});

const weekly = bookmark(1, 'Weekly');
const monthly = bookmark(2, 'Monthly', {
  visible_to_all: false,
  visible_to: [USER_ID, '11111111-1111-4111-8111-111111111111'],
});
const search = bookmark(3, 'Search terms', { report_slug: '-seo-v1', is_private: true });
const notMine = bookmark(4, 'Not mine', { can_edit: false, created_by_id: null });
const category = bookmark(5, 'Marketing', {
  is_category: true,
  is_navigation: true,
  state: null,
  children: [bookmark(6, 'Paid', { is_navigation: true })],
});

function renderTab(routes = {}) {
  return renderSettings(PAGE, {
    routes: {
      'GET /api/bookmarks': () =>
        json(200, {
          bookmarks: [weekly, monthly, search, notMine],
          navigation_bookmarks: [category],
          demo_bookmarks: [],
        }),
      'GET /api/reports': () =>
        json(200, { reports: [report('-maya', '-maya'), report('-seo-v1', '-seo-v1')] }),
      ...routes,
    },
  });
}

describe('settings › bookmarks', () => {
  it("lists the organization's bookmarks per report with who sees them", async () => {
    const { calls } = renderTab();
    const maya = await screen.findByRole('list', { name: 'maya' });
    const rows = within(maya).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Marketing'),
      expect.stringContaining('Paid'),
      expect.stringContaining('Weekly'),
      expect.stringContaining('Monthly'),
      expect.stringContaining('Not mine'),
    ]);
    expect(rows[0]).toHaveTextContent('Category');
    expect(rows[2]).toHaveTextContent('All members');
    expect(rows[3]).toHaveTextContent('2 members');
    expect(within(rows[4] as HTMLElement).queryByRole('button', { name: 'Rename' })).toBeNull();
    const seo = screen.getByRole('list', { name: 'seo-v1' });
    expect(seo).toHaveTextContent('Search terms');
    expect(seo).toHaveTextContent('Only you');
    expect(calls).toContainEqual(
      expect.objectContaining({ path: '/api/bookmarks', search: `?organization_id=${acme.id}&scope=manage` }),
    );
  });

  it('is the Bookmarks tab of the settings page', async () => {
    const { router } = renderSettings('/organization/acme/settings/members', {
      routes: {
        'GET /api/bookmarks': () =>
          json(200, { bookmarks: [], navigation_bookmarks: [], demo_bookmarks: [] }),
      },
    });
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Bookmarks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(await screen.findByText('No bookmarks yet. Save one from a dashboard.')).toBeInTheDocument();
  });

  it('renames: a name another bookmark of the report has shows a message and disables Save', async () => {
    const { calls } = renderTab({
      [`PATCH /api/bookmarks/${weekly.id}`]: () => json(200, { ...weekly, name: 'Weekly spend' }),
    });
    const user = userEvent.setup();
    const maya = await screen.findByRole('list', { name: 'maya' });
    const row = within(maya).getAllByRole('listitem')[2] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename bookmark' });
    const name = within(dialog).getByRole('textbox', { name: 'Bookmark name' });
    await user.clear(name);
    await user.type(name, 'monthly');
    expect(within(dialog).getByText('Bookmark name already exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    // A name used in another report is free here.
    await user.clear(name);
    await user.type(name, 'Search terms');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.clear(name);
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    await user.type(name, 'Weekly spend');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Weekly spend successfully')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({
      organization_id: acme.id,
      report_slug: '-maya',
      bookmark: { name: 'Weekly spend' },
    });
  });

  it('deletes after confirmation, and tells a failure', async () => {
    let deletes = 0;
    renderTab({
      [`DELETE /api/bookmarks/${weekly.id}`]: () => {
        deletes += 1;
        return json(404, { detail: { type: 'bookmark_not_found' } });
      },
    });
    const user = userEvent.setup();
    const maya = await screen.findByRole('list', { name: 'maya' });
    const row = within(maya).getAllByRole('listitem')[2] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Actions of Weekly' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete bookmark' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Could not delete bookmark')).toBeInTheDocument();
    await waitFor(() => expect(deletes).toBe(1));
  });
});
