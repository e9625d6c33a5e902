// Run by the build in Node (`vite.prerender.ts`), never in a browser: a page as a signed-out
// visitor's first render draws it, for the HTML the server sends (decision 815).
import { PRERENDERED_PAGES } from '@maya/contracts';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { formatDocumentTitle } from '../shared/hooks/useDocumentTitle';
import { App } from './App';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { createAppRoutes } from './router';
import { appRoutes } from './routes';

type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The module of each page the build draws, as the build's manifest names it. */
const SOURCES: Record<PrerenderedPath, string> = {
  '/sign-in': 'src/features/auth/components/SignInPage.tsx',
};

/** The pages to draw (their addresses and files are in `@maya/contracts`, which the server reads). */
export const prerenderedPages = Object.entries(PRERENDERED_PAGES).map(([path, file]) => ({
  path,
  file,
  source: SOURCES[path as PrerenderedPath],
  attribute: PRERENDERED_ATTRIBUTE,
}));

/** The page at `pathname` (its code loaded first: React waits for its lazy parts) and its title. */
export async function prerenderPage(pathname: string): Promise<{ markup: string; title: string }> {
  const route = appRoutes.find((r) => r.path === pathname);
  if (route === undefined) throw new Error(`${pathname} is not in the route table`);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App
        routes={createAppRoutes()}
        signedOut
        router={(children) => <StaticRouter location={pathname}>{children}</StaticRouter>}
      />
    </StrictMode>,
  );
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  return { markup, title: formatDocumentTitle(route.title) };
}
