import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { TitleOverrideProvider } from '../shared/hooks/titleOverride';
import { PageLoader } from '../shared/ui/PageLoader';
import { ErrorBoundary } from './pages/ErrorPage';
import { DocumentTitle } from './RouteTitle';

/**
 * The root route's element: the top-level error fallback, the document title, then the matched
 * page; a loader while the first page's code arrives (later navigations keep the page on screen).
 */
export function RootLayout() {
  return (
    <ErrorBoundary>
      <TitleOverrideProvider>
        <DocumentTitle />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </TitleOverrideProvider>
    </ErrorBoundary>
  );
}
