import type { Notification } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { renderApp, type ApiCall } from '../../../test/organizationFixtures';
import { acme, notificationFixture, notificationRoutes, notificationServer } from '../test/fixtures';

const PAGE = '/organization/acme/notifications';

const failed = notificationFixture({
  title: 'Data load failed',
  body: 'Google Ads: Customer not enabled',
  type: 'error',
  // Local time, as the page shows it.
  created_at: new Date(2026, 2, 5, 14, 7).toISOString(),
});
const welcome = notificationFixture({ title: 'Welcome', status: 'read', pinned: true });
const billing = notificationFixture({
  title: 'Finish billing details',
  type: 'persistent',
  action: { status: 'unfulfilled', label: 'Add details', url: '/organization/acme/billing/details' },
});

function page(notifications: Notification[], next_page: string | null = null) {
  return () => json(200, { notifications, next_page });
}

const patches = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PATCH');

describe('notifications page', () => {
  it('lists the notifications under All, opens one in the preview and marks it read', async () => {
    const calls = notificationRoutes(notificationServer([welcome, billing, failed]).routes);
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'All notifications', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'Unread',
      'Read',
      'Archived',
    ]);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'All notifications' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.querySelector('p')?.textContent),
    ).toEqual(['Welcome', 'Finish billing details', 'Data load failed']);
    expect(screen.getByText('Select a notification to read it here.')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: /^Data load failed/ }));
    const preview = screen.getByRole('article', { name: 'Data load failed' });
    expect(within(preview).getByText('Sent on 05/03/2026 14:07')).toBeInTheDocument();
    expect(within(preview).getByText('Google Ads: Customer not enabled')).toBeInTheDocument();
    expect(within(preview).getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({
      path: `/api/notifications/${failed.id}`,
      body: { organization_id: acme.id, status: 'read' },
    });
    expect(await within(preview).findByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/notifications')?.search).toBe(
      `?organization_id=${acme.id}&status=all&limit=10`,
    );
  });

  it('filters by Unread, Read and Archived', async () => {
    const calls = notificationRoutes({ 'GET /api/notifications': page([]) });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('tab', { name: 'Archived' }));
    expect(await screen.findByText('You have no archived notifications.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByText('You have no unread notifications.')).toBeInTheDocument();
    const statuses = calls
      .filter((call) => call.path === '/api/notifications')
      .map((call) => new URLSearchParams(call.search).get('status'));
    expect(statuses).toEqual(['all', 'archived', 'unread']);
  });

  it('pins, archives and unarchives from the preview', async () => {
    const calls = notificationRoutes(notificationServer([welcome]).routes);
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: /^Welcome/ }));
    const preview = screen.getByRole('article', { name: 'Welcome' });
    // Already read: opening it changes nothing.
    expect(patches(calls)).toHaveLength(0);
    await userEvent.click(within(preview).getByRole('button', { name: 'Unpin' }));
    expect(await within(preview).findByRole('button', { name: 'Pin' })).toBeEnabled();
    await userEvent.click(within(preview).getByRole('button', { name: 'Archive' }));
    expect(await within(preview).findByRole('button', { name: 'Unarchive' })).toBeEnabled();
    await userEvent.click(within(preview).getByRole('button', { name: 'Unarchive' }));
    expect(await within(preview).findByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(patches(calls).map((call) => call.body)).toEqual([
      { organization_id: acme.id, pinned: false },
      { organization_id: acme.id, status: 'archived' },
      { organization_id: acme.id, status: 'read' },
    ]);
  });

  it('never archives a persistent notification nor reads it while its action is unfulfilled', async () => {
    const calls = notificationRoutes({ 'GET /api/notifications': page([billing]) });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: /^Finish billing details/ }));
    const preview = screen.getByRole('article', { name: 'Finish billing details' });
    expect(
      within(preview).getByText('This notification stays unread until its action is done.'),
    ).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'Add details' })).toHaveAttribute(
      'href',
      '/organization/acme/billing/details',
    );
    expect(within(preview).queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(within(preview).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(
      within(preview).getByText('Persistent notifications cannot be archived, only pinned or unpinned.'),
    ).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
  });

  it('opens the notification it receives in router state', async () => {
    const calls = notificationRoutes({
      ...notificationServer([failed]).routes,
      'GET /api/notifications': page([]),
    });
    renderApp({ pathname: PAGE, state: { notification: failed } });
    expect(await screen.findByRole('article', { name: 'Data load failed' })).toBeInTheDocument();
    await waitFor(() =>
      expect(patches(calls).map((call) => call.body)).toEqual([{ organization_id: acme.id, status: 'read' }]),
    );
  });

  it("opens the e-mail link's notification, or says it is invalid", async () => {
    notificationRoutes({
      'GET /api/notifications': page([]),
      [`GET /api/notifications/${welcome.id}`]: () => json(200, welcome),
    });
    const { unmount } = renderApp(`${PAGE}?notification=${welcome.id}`);
    expect(await screen.findByRole('article', { name: 'Welcome' })).toBeInTheDocument();
    unmount();

    notificationRoutes({
      'GET /api/notifications': page([]),
      [`GET /api/notifications/${failed.id}`]: () =>
        json(404, { detail: { type: 'notification_not_found', message: 'Invalid notification' } }),
    });
    renderApp(`${PAGE}?notification=${failed.id}`);
    expect(await screen.findByText('Invalid notification')).toBeInTheDocument();
  });

  it('loads the next page through the trigger', async () => {
    const second = notificationFixture({ title: 'On page two' });
    const calls = notificationRoutes({
      'GET /api/notifications': (call) =>
        new URLSearchParams(call.search).get('cursor') === 'page-2'
          ? json(200, { notifications: [second], next_page: null })
          : json(200, { notifications: [welcome], next_page: 'page-2' }),
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /^On page two/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((call) => call.path === '/api/notifications')).toHaveLength(2);
  });

  it("shows the spec's errors: Invalid organization, and the getting and updating failures", async () => {
    notificationRoutes({
      'GET /api/notifications': () => json(404, { detail: { type: 'organization_not_found' } }),
    });
    const { unmount } = renderApp(PAGE);
    expect(await screen.findByText('Invalid organization')).toBeInTheDocument();
    unmount();

    notificationRoutes({
      'GET /api/notifications': () => json(500, { detail: { type: 'internal_error' } }),
    });
    const second = renderApp(PAGE);
    expect(
      await screen.findByText('Error getting notifications for organization: internal_error'),
    ).toBeInTheDocument();
    second.unmount();

    notificationRoutes({
      'GET /api/notifications': page([welcome]),
      [`PATCH /api/notifications/${welcome.id}`]: () =>
        json(409, { detail: { type: 'notification_not_archivable' } }),
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: /^Welcome/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(
      await screen.findByText('Error updating notifications for organization: notification_not_archivable'),
    ).toBeInTheDocument();
  });
});
