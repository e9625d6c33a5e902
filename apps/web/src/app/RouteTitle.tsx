import { useContext } from 'react';
import { useMatches } from 'react-router';
import { TitleOverrideContext } from '../shared/hooks/titleOverride';
import { useDocumentTitle } from '../shared/hooks/useDocumentTitle';

/** What the router keeps of a route-table entry, as the route's `handle`. */
export type RouteHandle = { title: string };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** Sets the document title from the deepest matched route's handle (the route table's title). */
export function RouteTitle() {
  const matches = useMatches();
  const override = useContext(TitleOverrideContext)?.title ?? null;
  const handle = matches
    .map((match) => match.handle)
    .reverse()
    .find(isRouteHandle);
  useDocumentTitle(override ?? handle?.title ?? null);
  return null;
}
