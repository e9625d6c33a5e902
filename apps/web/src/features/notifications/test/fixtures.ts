import type { Notification, User } from '@maya/contracts';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  signIn,
  userFixture,
  type RouteHandler,
} from '../../../test/organizationFixtures';

export const acme = organizationFixture({ slug: 'acme', name: 'Acme' });

let counter = 0;
export function notificationFixture(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  return {
    id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Notification ${counter}`,
    body: `Body of notification ${counter}`,
    created_at: '2026-03-01T10:00:00.000Z',
    type: 'info',
    status: 'unread',
    pinned: false,
    action: null,
    ...overrides,
  };
}

/** A signed-in user of Acme with the shell's usual answers, and the notification routes given. */
export function notificationRoutes(
  routes: Record<string, RouteHandler>,
  user: User = userFixture({ is_staff: true }),
) {
  signIn();
  return mockRoutes({
    ...accountRoutes({ user, organizations: [acme] }),
    'GET /api/user/subscriptions/check': () =>
      json(200, { has_unlinked_subscription: false, subscriptions: [] }),
    'GET /api/service_accounts/warnings': () => json(200, { count: 0, accounts: [] }),
    'GET /api/notifications/count': () => json(200, { count: 0 }),
    'GET /api/notifications/refresh': () => json(200, { notifications: [] }),
    ...routes,
  });
}

/**
 * The notification endpoints over an in-memory list, in the order given: GET filters by status
 * (all leaves out archived), PATCH changes status and pin and answers the changed notification.
 */
export function notificationServer(initial: Notification[]) {
  const items = initial.map((notification) => ({ ...notification }));
  const routes: Record<string, RouteHandler> = {
    'GET /api/notifications': (call) => {
      const status = new URLSearchParams(call.search).get('status') ?? 'all';
      const notifications = items.filter((n) =>
        status === 'all' ? n.status !== 'archived' : n.status === status,
      );
      return json(200, { notifications, next_page: null });
    },
  };
  for (const item of items) {
    routes[`PATCH /api/notifications/${item.id}`] = (call) => {
      const { status, pinned } = call.body as Partial<Notification>;
      Object.assign(item, status === undefined ? {} : { status }, pinned === undefined ? {} : { pinned });
      return json(200, { success: true, updated_notification: item });
    };
  }
  return { routes, items };
}
