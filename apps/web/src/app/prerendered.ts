import { PRERENDERED_PAGES } from '@maya/contracts';

type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The module of each page the build draws into HTML, as the build's manifest names it. */
const SOURCES: Record<PrerenderedPath, string> = {
  '/sign-in': 'src/features/auth/components/SignInPage.tsx',
};

/**
 * The pages the build draws into HTML (decision 815; the addresses and files are in
 * `@maya/contracts`, which the server reads too).
 */
export const prerenderedPages = Object.entries(PRERENDERED_PAGES).map(([path, file]) => ({
  path,
  file,
  source: SOURCES[path as PrerenderedPath],
}));

/** The root element's attribute naming the address its markup was drawn for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
