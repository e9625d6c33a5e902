import { BrowserRouter, type RouteObject } from 'react-router';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';
import { SessionBootstrap } from './session/SessionBootstrap';

type AppProps = { routes: RouteObject[] };

/** The whole app: providers, the session refresh, then the routes. */
export function App({ routes }: AppProps) {
  return (
    <AppProviders>
      <SessionBootstrap>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </SessionBootstrap>
    </AppProviders>
  );
}
