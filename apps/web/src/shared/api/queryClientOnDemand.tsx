import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { use, useEffect, useSyncExternalStore, type ReactNode } from 'react';

/*
 * TanStack Query after the first paint (decision 700). The query client and TanStack Query's
 * core (9 kB gzipped) are a chunk of their own: the sign-in page draws without them, every other
 * page's code loads with them (`withQueryClient`), so no page that queries renders before the
 * client is there.
 */

let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

/** Loads TanStack Query and creates the app's one query client; once, shared by every caller. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./queryClient').then(
    ({ createQueryClient }) => {
      client = createQueryClient();
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      // A failed fetch is tried again by the next caller.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** `load`, finished only once the query client is there too: for the code of a page that queries. */
export function withQueryClient<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadQueryClient()]).then(([loaded]) => loaded);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const loadedClient = () => client;

type QueryClientOnDemandProps = {
  /** A test's own client; without one, the app's, once loaded. */
  client?: QueryClient;
  children: ReactNode;
};

/**
 * TanStack Query's `QueryClientProvider`, for a client that may not be loaded yet: until it is,
 * its children see none (only pages that do not query render then). The element stays the same
 * when the client arrives, so nothing below it remounts.
 */
export function QueryClientOnDemand({ client: given, children }: QueryClientOnDemandProps) {
  const loaded = useSyncExternalStore(subscribe, loadedClient, loadedClient);
  const value = given ?? loaded;
  useEffect(() => {
    if (value === null) return;
    value.mount();
    return () => value.unmount();
  }, [value]);
  return <QueryClientContext value={value ?? undefined}>{children}</QueryClientContext>;
}

/** The query client if there is one yet: for code that also runs on a page drawn without it. */
export function useOptionalQueryClient(): QueryClient | undefined {
  return use(QueryClientContext);
}
