import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { SessionBootstrap } from './session/SessionBootstrap';

type AppProps = { router: ReturnType<typeof createBrowserRouter>; queryClient: QueryClient };

/** The whole app: providers, the session refresh, then the router. */
export function App({ router, queryClient }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <SessionBootstrap>
        <RouterProvider router={router} />
      </SessionBootstrap>
    </AppProviders>
  );
}
