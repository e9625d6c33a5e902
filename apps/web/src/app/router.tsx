import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../shared/ui/PageLoader';
import { RequireSession } from './RequireSession';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from '../shared/ui/NotFoundPage';
import { RootLayout } from './RootLayout';
import type { RouteHandle } from './RouteTitle';
import { appRoutes, NOT_FOUND_TITLE, ORGANIZATION_PREFIX, type AppRoute, type RouteAccess } from './routes';

/** Route handle of a table entry; `access` is kept for the route guard. */
export type AppRouteHandle = RouteHandle & { access: RouteAccess };

const notFoundHandle: RouteHandle = { title: NOT_FOUND_TITLE };

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

/** A route's page: an element, or a component loaded on demand. Fits index and path routes alike. */
type Leaf = {
  handle: RouteHandle;
  element?: ReactNode;
  lazy?: () => Promise<{ Component: ComponentType }>;
};

/** The page of a table entry; a page not built yet is the not-found page. */
function leaf(route: AppRoute, embedded: boolean): Leaf {
  const load = route.page;
  const handle: AppRouteHandle = { title: route.title, access: route.access };
  return load === null
    ? { element: <NotFoundPage embedded={embedded} />, handle: notFoundHandle }
    : { handle, lazy: async () => ({ Component: await load() }) };
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
    lazy: async () => ({ Component: (await import('./shell/ProtectedShell')).ProtectedShell }),
    children: [
      ...routes.map((route): RouteObject => {
        const page = leaf(route, true);
        return route.path === ORGANIZATION_PREFIX ? { index: true, ...page } : { path: route.path, ...page };
      }),
      // Unknown paths of a known organization: not found, inside the shell.
      { path: '*', element: <NotFoundPage embedded />, handle: notFoundHandle },
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
      errorElement: <ErrorPage />,
      HydrateFallback: PageLoader,
      children: [
        ...table.filter((route) => !isShellRoute(route)).map(toRouteObject),
        ...(shell.length > 0 ? [shellRoute(shell)] : []),
        { path: '*', element: <NotFoundPage />, handle: notFoundHandle },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
