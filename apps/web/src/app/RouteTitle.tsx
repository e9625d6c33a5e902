import { useContext, useEffect } from 'react';
import { TitleOverrideContext } from '../shared/hooks/titleOverride';
import { useDocumentTitle } from '../shared/hooks/useDocumentTitle';

/** Rendered with a route's page: the route table's title for it (`Sign In`). */
export function RouteTitle({ title }: { title: string }) {
  const setRoute = useContext(TitleOverrideContext)?.setRoute;
  useEffect(() => {
    if (setRoute === undefined) return;
    setRoute(title);
    return () => setRoute(null);
  }, [setRoute, title]);
  return null;
}

/**
 * Sets the document title (`Sign In - Maya`): a page's own title when it has one (a report's
 * name, not found), else the shown route's.
 */
export function DocumentTitle() {
  const context = useContext(TitleOverrideContext);
  useDocumentTitle(context?.title ?? context?.route ?? null);
  return null;
}
