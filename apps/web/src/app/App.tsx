import type { ReactNode } from 'react';
import { BrowserRouter, type RouteObject } from 'react-router';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';
import { SessionBootstrap } from './session/SessionBootstrap';

type AppProps = {
  routes: RouteObject[];
  /** The browser shows no sign of a session: the first page draws at once (SessionBootstrap). */
  signedOut?: boolean;
  /** The router around the routes: the browser's address, or the build's (`prerender.tsx`). */
  router?: (children: ReactNode) => ReactNode;
};

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

/** The whole app: providers, the session refresh, then the routes. */
export function App({ routes, signedOut = false, router = browserRouter }: AppProps) {
  return (
    <AppProviders>
      <SessionBootstrap signedOut={signedOut}>{router(<AppRoutes routes={routes} />)}</SessionBootstrap>
    </AppProviders>
  );
}
