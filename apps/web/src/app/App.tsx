import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, type RouteObject } from 'react-router';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';
import { SessionBootstrap } from './session/SessionBootstrap';

type AppProps = { routes: RouteObject[]; queryClient: QueryClient };

/** The whole app: providers, the session refresh, then the routes. */
export function App({ routes, queryClient }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <SessionBootstrap>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </SessionBootstrap>
    </AppProviders>
  );
}
