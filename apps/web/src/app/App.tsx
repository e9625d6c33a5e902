import { BrowserRouter, StaticRouter, type RouteObject } from 'react-router';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';
import { SessionBootstrap } from './session/SessionBootstrap';

type AppProps = {
  routes: RouteObject[];
  /** The browser shows no sign of a session: the first page draws at once (SessionBootstrap). */
  signedOut?: boolean;
  /** Drawn at build time for this address (`prerender.tsx`), not in a browser. */
  prerenderedAt?: string;
};

/** The whole app: providers, the session refresh, then the routes. */
export function App({ routes, signedOut = false, prerenderedAt }: AppProps) {
  const appRoutes = <AppRoutes routes={routes} />;
  return (
    <AppProviders>
      <SessionBootstrap signedOut={signedOut}>
        {prerenderedAt === undefined ? (
          <BrowserRouter>{appRoutes}</BrowserRouter>
        ) : (
          <StaticRouter location={prerenderedAt}>{appRoutes}</StaticRouter>
        )}
      </SessionBootstrap>
    </AppProviders>
  );
}
