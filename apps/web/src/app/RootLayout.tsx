import { Outlet } from 'react-router';
import { TitleOverrideProvider } from '../shared/hooks/titleOverride';
import { RouteTitle } from './RouteTitle';

/** The root route's element: the document title, then the matched page. */
export function RootLayout() {
  return (
    <TitleOverrideProvider>
      <RouteTitle />
      <Outlet />
    </TitleOverrideProvider>
  );
}
