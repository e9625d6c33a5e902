import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RequireSession } from './RequireSession';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RootLayout } from './RootLayout';
import type { RouteHandle } from './RouteTitle';
import { appRoutes, NOT_FOUND_TITLE, type AppRoute, type RouteAccess } from './routes';

/** Route handle of a table entry; `access` is kept for the route guard. */
export type AppRouteHandle = RouteHandle & { access: RouteAccess };

const notFoundHandle: RouteHandle = { title: NOT_FOUND_TITLE };

function PageLoader() {
  return (
    <Center mih="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const load = route.page;
  const handle: AppRouteHandle = { title: route.title, access: route.access };
  const leaf =
    load === null
      ? { element: <NotFoundPage />, handle: notFoundHandle }
      : { handle, lazy: async () => ({ Component: await load() }) };
  if (route.access === 'public') return { path: route.path, ...leaf };
  // Protection comes first: a signed-out visitor is sent to sign in, whether or not the page exists.
  return {
    path: route.path,
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    children: [{ index: true, ...leaf }],
  };
}

/** The router's route objects, built from the route table. */
export function createAppRoutes(table: readonly AppRoute[] = appRoutes): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      HydrateFallback: PageLoader,
      children: [
        ...table.map(toRouteObject),
        { path: '*', element: <NotFoundPage />, handle: notFoundHandle },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
