// Run by the build in Node (`vite.prerender.ts`), never in a browser: a page as a signed-out
// visitor's first render draws it, for the HTML the server sends (decision 815).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { formatDocumentTitle } from '../shared/hooks/useDocumentTitle';
import { App } from './App';
import { createAppRoutes } from './router';
import { appRoutes } from './routes';

/** The page at `pathname` (its code loaded first: React waits for its lazy parts) and its title. */
export async function prerenderPage(pathname: string): Promise<{ markup: string; title: string }> {
  const route = appRoutes.find((r) => r.path === pathname);
  if (route === undefined) throw new Error(`${pathname} is not in the route table`);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App routes={createAppRoutes()} signedOut prerenderedAt={pathname} />
    </StrictMode>,
  );
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  return { markup, title: formatDocumentTitle(route.title) };
}
