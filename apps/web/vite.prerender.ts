import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Manifest, type Plugin } from 'vite';
import type { prerenderedPages as pages, prerenderPage } from './src/app/prerender.tsx';
import { writeCompressedTwins } from './vite.precompress.ts';

/** A manifest entry and every chunk it imports statically: what its code needs to run. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`${key} is not in the build's manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** A stylesheet of the build, as `index.html` links it. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g;

/**
 * `index.html` with the page drawn into its root, its stylesheets written into its head and its
 * code's chunks named. Every stylesheet the page needs is inline (the entry's, which `index.html`
 * links, and the page's chunks'): the first paint waits for the HTML alone, where four linked
 * stylesheets held it back by their round trips on a slow network (decision 815). The page's
 * chunks are not preloaded: the first paint would wait for them in Lighthouse's reading, and the
 * entry asks for them as it starts.
 */
function pageHtml(
  template: string,
  manifest: Manifest,
  page: (typeof pages)[number],
  drawn: { markup: string; title: string },
  stylesheet: (file: string) => string,
): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  const withEntry = new Set(entries.flatMap((key) => [...staticClosure(manifest, key)]));
  const own = [...staticClosure(manifest, page.source)].filter((key) => !withEntry.has(key));
  const entryCss = new Set([...withEntry].flatMap((key) => manifest[key]?.css ?? []));
  const css = [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].filter((f) => !entryCss.has(f));
  // Each file's rules, with a disabled link to the file (never fetched: HTML's rules for a
  // disabled stylesheet) that tells Vite's loader, which looks for such a link before adding one
  // for a chunk's styles, that they are in the page already.
  const style = (file: string) =>
    `<style>${stylesheet(file)}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  const head = css.map(style).join('\n    ');
  const body = `<body>\n    <div id="root" ${page.attribute}="${page.path}">${drawn.markup}</div>\n  </body>`;
  // Replaced by functions: a `$` in the markup or the styles is text, not a replacement pattern.
  const withTitle = template.replace(/<title>[^<]*<\/title>/, () => `<title>${drawn.title}</title>`);
  const inlined = withTitle.replace(STYLESHEET_LINK, (_link, file: string) => style(file));
  const withHead = inlined.replace('</head>', () => `  ${head}\n  </head>`);
  const drawnHtml = withHead.replace(/<body>[\s\S]*<\/body>/, () => body);
  if (drawnHtml === withHead || !withTitle.includes(drawn.title) || inlined === withTitle) {
    throw new Error('index.html has no <title>, no stylesheet or no <body> to draw the page into');
  }
  return drawnHtml;
}

/**
 * The pages of `prerenderedPages` (`src/app/prerender.tsx`) drawn at build time (decision 815):
 * the sign-in page is the first screen of most visits, and drawn by the browser it showed a loader
 * until all of the app's script had run. Vite loads the page's modules in Node as it would for
 * server rendering; React draws them as a signed-out visitor's first render does, which the
 * browser then hydrates.
 */
export function prerenderedPages(): Plugin {
  return {
    name: 'maya:prerendered-pages',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const template = await readFile(path.join(dir, 'index.html'), 'utf8');
      const manifest = JSON.parse(
        await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const vite = await createServer({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        // Node loads the packages as they are: nothing to pre-bundle for a browser.
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const prerender = (await vite.ssrLoadModule('/src/app/prerender.tsx')) as {
          prerenderPage: typeof prerenderPage;
          prerenderedPages: typeof pages;
        };
        const stylesheets = new Map<string, string>();
        for (const file of Object.values(manifest).flatMap((chunk) => chunk.css ?? [])) {
          stylesheets.set(file, await readFile(path.join(dir, file), 'utf8'));
        }
        const stylesheet = (file: string) => {
          const text = stylesheets.get(file);
          if (text === undefined) throw new Error(`${file} is not a stylesheet of the build`);
          return text;
        };
        for (const page of prerender.prerenderedPages) {
          const drawn = await prerender.prerenderPage(page.path);
          const html = pageHtml(template, manifest, page, drawn, stylesheet);
          const file = path.join(dir, page.file);
          await writeFile(file, html);
          await writeCompressedTwins(file);
        }
      } finally {
        await vite.close();
      }
    },
  };
}
