import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/*
 * A page's own title over the route's (the app shell's RouteTitle reads it): here, below the
 * features, so that a feature's page can name itself from its data.
 */

type TitleOverride = {
  title: string | null;
  set: (title: string | null) => void;
  /** The shown route's title from the route table, set by the route's page element. */
  route: string | null;
  setRoute: (title: string | null) => void;
};

export const TitleOverrideContext = createContext<TitleOverride | null>(null);

/** Lets a page decide its title from data, over the route's (e.g. an unknown organization is not found). */
export function TitleOverrideProvider({ children }: { children: ReactNode }) {
  const [title, set] = useState<string | null>(null);
  const [route, setRoute] = useState<string | null>(null);
  return <TitleOverrideContext value={{ title, set, route, setRoute }}>{children}</TitleOverrideContext>;
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
