import { Outlet } from 'react-router';
import { RouteTitle } from './RouteTitle';

/** The root route's element: the document title, then the matched page. */
export function RootLayout() {
  return (
    <>
      <RouteTitle />
      <Outlet />
    </>
  );
}
