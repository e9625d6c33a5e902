import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../shared/api/queryClient';
import { MonaRedirectPage } from '../components/MonaRedirectPage';
import { MonaStartPage } from '../components/MonaStartPage';

/** Stands for every other page: shows where the router went. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

const routes: RouteObject[] = [
  { path: '/microsoft/mona/start', element: <MonaStartPage /> },
  { path: '/microsoft/mona/redirect', element: <MonaRedirectPage /> },
  { path: '*', element: <Elsewhere /> },
];

/** The two marketplace pages in a memory router, with the app's theme, toasts and query client. */
export function renderMona(entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

export async function findElsewhere(): Promise<string> {
  return (await screen.findByTestId('elsewhere')).textContent ?? '';
}
