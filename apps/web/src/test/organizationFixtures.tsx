import type { Organization, User } from '@maya/contracts';
import { mergeThemeOverrides } from '@mantine/core';
import { render } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createAppRoutes } from '../app/router';
import { theme } from '../app/theme';
import { createQueryClient } from '../shared/api/queryClient';
import { startSession } from '../shared/auth/session';
import { json, mockApi } from './api';
import { createTestRouter, type TestRouter } from './memoryRouter';

/** Fixtures and an API double for the organization entry screens and the shell. */
export const USER_ID = '7d0f4a52-1c3b-4f7e-9a53-2b8c1d9e6f10';

export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: USER_ID,
    email: 'ada@example.com',
    date_joined: '2024-01-02T03:04:05.000Z',
    organizations_count: 1,
    is_email_verified: true,
    is_staff: false,
    is_admin: false,
    has_password: true,
    profile: { first_name: 'Ada', last_name: 'Lovelace', company_name: 'Acme', company_position: 'CMO' },
    ...overrides,
  };
}

let idCounter = 0;
function uuid(): string {
  idCounter += 1;
  return `00000000-0000-4000-8000-${String(idCounter).padStart(12, '0')}`;
}

export function organizationFixture(overrides: Partial<Organization> & { slug: string }): Organization {
  return {
    id: uuid(),
    name: overrides.slug.charAt(0).toUpperCase() + overrides.slug.slice(1),
    has_dashboard: true,
    is_demo: false,
    has_subscription: false,
    is_etl_enabled: false,
    currency_id: 'USD',
    role: 'admin',
    ...overrides,
  };
}

export const demoOrganization = organizationFixture({
  slug: 'demo',
  name: 'Demo',
  is_demo: true,
  has_dashboard: false,
  role: 'member',
});

/** A signed-in session for `USER_ID` (token in memory, user_id cookie). */
export function signIn(userId = USER_ID): void {
  startSession({ accessToken: 'jwt', accessTokenExpiresAt: '2999-01-01T00:00:00Z', userId });
}

export type ApiCall = { method: string; path: string; search: string; body: unknown };
export type RouteHandler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Stubs fetch with a table of `'METHOD /api/path'` handlers; anything else answers 404 not_found.
 * Returns the calls made, in order (the configuration request excluded).
 */
export function mockRoutes(routes: Record<string, RouteHandler>): ApiCall[] {
  const calls: ApiCall[] = [];
  mockApi((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: parsed.pathname, search: parsed.search, body };
    calls.push(call);
    const handler = routes[`${method} ${parsed.pathname}`];
    return handler ? handler(call) : json(404, { detail: { type: 'not_found' } });
  });
  return calls;
}

/** The usual answers: a user and their organizations (the demo one included). */
export function accountRoutes({
  user = userFixture(),
  organizations = [demoOrganization],
}: { user?: User; organizations?: Organization[] } = {}): Record<string, RouteHandler> {
  return {
    'GET /api/user': () => json(200, user),
    'GET /api/organizations': () => json(200, { organizations }),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
  };
}

/** jsdom lays nothing out, so popovers would think their target is hidden and stay hidden. */
export const testTheme = mergeThemeOverrides(theme, {
  components: { Popover: { defaultProps: { hideDetached: false } } },
});

/**
 * Renders the app's routes at an entry that may carry navigation state. Failed queries are not
 * retried, so error states show at once.
 */
export function renderApp(entry: InitialEntry) {
  const { router, element } = createTestRouter(createAppRoutes(), [entry]);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const result = render(
    <AppProviders queryClient={queryClient} theme={testTheme}>
      {element}
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

export type VisitedLocation = { path: string; state: unknown };

/** Records every location the router moves to after now (path with search, and its state). */
export function recordLocations(router: TestRouter): VisitedLocation[] {
  const visited: VisitedLocation[] = [];
  let lastKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    visited.push({ path: `${state.location.pathname}${state.location.search}`, state: state.location.state });
  });
  return visited;
}
