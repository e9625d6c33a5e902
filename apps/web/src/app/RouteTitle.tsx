import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useDocumentTitle } from '../shared/hooks/useDocumentTitle';

/** What the router keeps of a route-table entry, as the route's `handle`. */
export type RouteHandle = { title: string };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

type TitleOverride = { title: string | null; set: (title: string | null) => void };

const TitleOverrideContext = createContext<TitleOverride | null>(null);

/** Lets a page decide its title from data, over the route's (e.g. an unknown organization is not found). */
export function TitleOverrideProvider({ children }: { children: ReactNode }) {
  const [title, set] = useState<string | null>(null);
  return <TitleOverrideContext value={{ title, set }}>{children}</TitleOverrideContext>;
}

/** While the calling component is shown, the document title is `title` whatever the route says. */
export function useTitleOverride(title: string): void {
  const set = useContext(TitleOverrideContext)?.set;
  useEffect(() => {
    if (set === undefined) return;
    set(title);
    return () => set(null);
  }, [set, title]);
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
