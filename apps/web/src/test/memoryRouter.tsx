import { act, useLayoutEffect, type ReactNode } from 'react';
import {
  matchRoutes,
  MemoryRouter,
  useLocation,
  useNavigate,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type RouteMatch,
  type RouteObject,
  type To,
} from 'react-router';
import { AppRoutes } from '../app/router';

export type TestRouterState = { location: Location; matches: RouteMatch[] };

/** What tests read of the router: where it is, where it went, and a way to move it. */
export type TestRouter = {
  state: TestRouterState;
  subscribe: (listener: (state: TestRouterState) => void) => () => void;
  navigate: (to: To, options?: NavigateOptions) => Promise<void>;
};

/**
 * The app's routes under a declarative `MemoryRouter`, as the app runs them under its
 * `BrowserRouter` (decision 411), with a probe that tells the test the current location.
 */
export function createTestRouter(
  routes: RouteObject[],
  initialEntries: InitialEntry[],
): { router: TestRouter; element: ReactNode } {
  const listeners = new Set<(state: TestRouterState) => void>();
  let navigateTo: NavigateFunction | null = null;
  const router: TestRouter = {
    state: {
      location: { pathname: '/', search: '', hash: '', state: null, key: 'default' },
      matches: [],
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async navigate(to, options) {
      await act(async () => {
        await navigateTo?.(to, options);
      });
    },
  };

  function Probe() {
    const location = useLocation();
    navigateTo = useNavigate();
    useLayoutEffect(() => {
      router.state = { location, matches: matchRoutes(routes, location) ?? [] };
      for (const listener of listeners) listener(router.state);
    }, [location]);
    return null;
  }

  const element = (
    <MemoryRouter initialEntries={initialEntries}>
      <Probe />
      <AppRoutes routes={routes} />
    </MemoryRouter>
  );
  return { router, element };
}
