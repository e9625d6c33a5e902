import type { ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { withQueryClient } from '../shared/api/queryClientOnDemand';
import { RequireSession } from './RequireSession';
import { NotFoundPage } from '../shared/ui/NotFoundPage';
import { lazyComponent } from '../shared/ui/onDemand';
import { RootLayout } from './RootLayout';
import { RouteTitle } from './RouteTitle';
import { appRoutes, NOT_FOUND_TITLE, ORGANIZATION_PREFIX, type AppRoute, type LazyPage } from './routes';

/*
 * Declarative routes (`useRoutes` under a `BrowserRouter`), not React Router's data router: the
 * app loads no data through the router, and the data router's code was 17 kB of every page's
 * first load (decision 411). Pages load on demand as `React.lazy` components; navigations are
 * transitions, so the page on screen stays until the next one's code is here, and the first
 * page shows the root layout's loader.
 */

const notFound = (embedded: boolean) => (
  <>
    <RouteTitle title={NOT_FOUND_TITLE} />
    <NotFoundPage embedded={embedded} />
  </>
);

/** What a route object's `handle` carries: the load of its lazy element's code. */
type PreloadHandle = { preload: () => Promise<unknown> };

// Its loader comes with the pages' (`pages.ts`, decision 702), its code with TanStack Query's.
const shell = lazyComponent(withQueryClient(() => import('./pages').then((m) => m.protectedShell())));

function isPreloadHandle(handle: unknown): handle is PreloadHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as PreloadHandle).preload === 'function'
  );
}

/** Starts loading the code of every route matching `location` (the shell and its page), at once. */
export function preloadMatchedRoutes(routes: RouteObject[], location: Pick<Location, 'pathname'>): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    if (isPreloadHandle(match.route.handle)) match.route.handle.preload().catch(() => {});
  }
}

/**
 * The routes' elements for the current location. The code of every matched route (the shell and
 * its page) starts loading at once, as the data router's lazy routes did, not the page's only
 * once the shell has drawn.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  preloadMatchedRoutes(routes, location);
  return useRoutes(routes, location);
}

/**
 * Protected routes under `/organization/:organizationSlug` render inside the organization shell
 * (spec 002 §2); the public invite route under the same prefix does not.
 */
export function isShellRoute(route: AppRoute): boolean {
  return (
    route.access === 'protected' &&
    (route.path === ORGANIZATION_PREFIX || route.path.startsWith(`${ORGANIZATION_PREFIX}/`))
  );
}

/**
 * Each loader's lazy page, made once: routes that share a loader render the same component, which
 * React keeps (with its state and what it drew) when the address moves from one to the other.
 */
const lazyPages = new WeakMap<LazyPage, ReturnType<typeof lazyComponent>>();

function lazyPage(load: LazyPage): ReturnType<typeof lazyComponent> {
  let made = lazyPages.get(load);
  if (made === undefined) {
    made = lazyComponent(load);
    lazyPages.set(load, made);
  }
  return made;
}

/** The page of a table entry, titled; a page not built yet is the not-found page. */
function leaf(route: AppRoute, embedded: boolean): { element: ReactNode; handle?: PreloadHandle } {
  if (route.page === null) return { element: notFound(embedded) };
  const { Lazy: Page, preload } = lazyPage(route.page);
  return {
    handle: { preload },
    element: (
      <>
        <RouteTitle title={route.title} />
        <Page />
      </>
    ),
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  if (route.access === 'public') return { path: route.path, ...leaf(route, false) };
  // Protection comes first: a signed-out visitor is sent to sign in, whether or not the page exists.
  return {
    path: route.path,
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    children: [{ index: true, ...leaf(route, false) }],
  };
}

/** The organization layout route: its pages keep their absolute paths from the table. */
function shellRoute(routes: readonly AppRoute[]): RouteObject {
  return {
    id: 'organization-shell',
    path: ORGANIZATION_PREFIX,
    element: <shell.Lazy />,
    handle: { preload: shell.preload },
    children: [
      ...routes.map((route): RouteObject => {
        const page = leaf(route, true);
        return route.path === ORGANIZATION_PREFIX ? { index: true, ...page } : { path: route.path, ...page };
      }),
      // Unknown paths of a known organization: not found, inside the shell.
      { path: '*', element: notFound(true) },
    ],
  };
}

/** The router's route objects, built from the route table. */
export function createAppRoutes(table: readonly AppRoute[] = appRoutes): RouteObject[] {
  const shell = table.filter(isShellRoute);
  return [
    {
      id: 'root',
      element: <RootLayout />,
      children: [
        ...table.filter((route) => !isShellRoute(route)).map(toRouteObject),
        ...(shell.length > 0 ? [shellRoute(shell)] : []),
        { path: '*', element: notFound(false) },
      ],
    },
  ];
}
