import type { Notification } from '@maya/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api';
import { recordLocations, renderApp, userFixture, type ApiCall } from '../../../test/organizationFixtures';
import { acme, notificationFixture, notificationRoutes, notificationServer } from '../test/fixtures';

const SOURCES = '/organization/acme/sources';
const PAGE = '/organization/acme/notifications';

const older = notificationFixture({ title: 'Welcome to Maya', status: 'read' });
const unread = notificationFixture({ title: 'Data load failed', body: 'Google Ads: Customer not enabled' });
const fresh = notificationFixture({
  title: 'Data load finished',
  body: 'Loaded 2 of 2 accounts',
  type: 'success',
  created_at: '2026-03-01T11:00:00.000Z',
});

/** The refresh endpoint: the newest one first (where polling starts), then each answer in turn. */
function refreshAnswers(...answers: Notification[][]) {
  let call = 0;
  return () => {
    const answer = call === 0 ? [older] : (answers[call - 1] ?? []);
    call += 1;
    return json(200, { notifications: answer });
  };
}

const refreshes = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/notifications/refresh');

/** Polling has started: its first call found where to start. */
async function started(calls: ApiCall[]) {
  await waitFor(() => expect(refreshes(calls)).toHaveLength(1));
}

async function nextPoll() {
  await act(() => vi.advanceTimersByTimeAsync(12_000));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('notification bell', () => {
  it("shows the unread count, and a panel of 'Latest Unread', 'Previous' and 'See all'", async () => {
    const calls = notificationRoutes({
      ...notificationServer([unread, older]).routes,
      'GET /api/notifications/count': () => json(200, { count: 3 }),
    });
    const { router } = renderApp(SOURCES);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByText('3')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/notifications/count')?.search).toBe(
      `?organization_id=${acme.id}&status=unread`,
    );

    await userEvent.click(bell);
    const latest = await screen.findByRole('region', { name: 'Latest Unread' });
    expect(await within(latest).findByRole('button', { name: /^Data load failed/ })).toBeInTheDocument();
    const previous = screen.getByRole('region', { name: 'Previous' });
    expect(await within(previous).findByRole('button', { name: /^Welcome to Maya/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all' })).toHaveAttribute('href', PAGE);

    const visited = recordLocations(router);
    await userEvent.click(within(latest).getByRole('button', { name: /^Data load failed/ }));
    await waitFor(() => expect(visited[0]).toEqual({ path: PAGE, state: { notification: unread } }));
    expect(await screen.findByRole('article', { name: 'Data load failed' })).toBeInTheDocument();
  });

  it('is not there for users who are not staff, and nothing is polled', async () => {
    const calls = notificationRoutes({}, userFixture({ is_staff: false }));
    renderApp(SOURCES);
    expect(await screen.findByRole('button', { name: 'Toggle sidebar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/api/notifications'))).toEqual([]);
  });

  it('goes straight to the page at 500 px or less', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(max-width: 500px)' || query.startsWith('(max-width: 766'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    notificationRoutes({});
    renderApp(SOURCES);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveAttribute('href', PAGE);
  });

  it("polls every 12 s and announces a new notification in the 'New notification' popup for 7 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = notificationRoutes({ 'GET /api/notifications/refresh': refreshAnswers([fresh]) });
    renderApp(SOURCES);
    await started(calls);
    expect(new URLSearchParams(refreshes(calls)[0]?.search).get('limit')).toBe('1');
    expect(screen.queryByRole('status', { name: 'New notification' })).toBeNull();

    await nextPoll();
    const popup = await screen.findByRole('status', { name: 'New notification' });
    // The fake clock also follows real time (shouldAdvanceTime), which a busy machine stretches:
    // the popup's age is measured from here, with a margin for how late it was seen.
    const shownAt = Date.now();
    expect(new URLSearchParams(refreshes(calls)[1]?.search).get('date')).toBe(older.created_at);
    expect(within(popup).getByText('Data load finished')).toBeInTheDocument();
    expect(within(popup).getByText('Loaded 2 of 2 accounts')).toBeInTheDocument();
    expect(within(popup).getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeInTheDocument();
    // New ones make the badge stale.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/notifications/count').length).toBeGreaterThan(1),
    );

    const age = () => Date.now() - shownAt;
    if (age() < 6_000) {
      await act(() => vi.advanceTimersByTimeAsync(6_000 - age()));
      expect(screen.getByRole('status', { name: 'New notification' })).toBeInTheDocument();
    }
    await act(() => vi.advanceTimersByTimeAsync(7_100 - age()));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'New notification' })).toBeNull());
  });

  it('closes with its close control, and a click opens the page with the item preselected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const newer = notificationFixture({ title: 'Token expired', created_at: '2026-03-01T12:00:00.000Z' });
    const calls = notificationRoutes({
      ...notificationServer([newer, fresh]).routes,
      'GET /api/notifications/refresh': refreshAnswers([fresh], [newer]),
    });
    const { router } = renderApp(SOURCES);
    await started(calls);
    await nextPoll();
    const popup = await screen.findByRole('status', { name: 'New notification' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'New notification' })).toBeNull());

    // It reappears for a newer notification.
    await nextPoll();
    const again = await screen.findByRole('status', { name: 'New notification' });
    expect(within(again).getByText('Token expired')).toBeInTheDocument();
    const visited = recordLocations(router);
    await user.click(within(again).getByText('Token expired'));
    await waitFor(() => expect(visited[0]).toEqual({ path: PAGE, state: { notification: newer } }));
    expect(await screen.findByRole('article', { name: 'Token expired' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'New notification' })).toBeNull());
  });

  it('hides once its notification is read on the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = notificationRoutes({
      ...notificationServer([fresh]).routes,
      'GET /api/notifications/refresh': refreshAnswers([fresh]),
    });
    renderApp(PAGE);
    await started(calls);
    await nextPoll();
    expect(await screen.findByRole('status', { name: 'New notification' })).toBeInTheDocument();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const list = await screen.findByRole('list', { name: 'All notifications' });
    await user.click(within(list).getByRole('button', { name: /^Data load finished/ }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'New notification' })).toBeNull());
  });

  it("toasts 'Error refreshing notifications for organization: {type}' when polling fails", async () => {
    notificationRoutes({
      'GET /api/notifications/refresh': () => json(500, { detail: { type: 'internal_error' } }),
    });
    renderApp(SOURCES);
    expect(
      await screen.findByText('Error refreshing notifications for organization: internal_error'),
    ).toBeInTheDocument();
  });
});
