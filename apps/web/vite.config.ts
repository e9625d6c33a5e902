import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { themeStylesheet } from './src/app/themeStylesheet.ts';
import { precompress } from './vite.precompress.ts';
import { prerenderedPages } from './vite.prerender.ts';

// In development the API server (port 8000 unless MAYA_API_URL says otherwise) answers the API
// and the runtime configuration; Vite serves everything else, including public/data/*.json.
const apiTarget = process.env.MAYA_API_URL ?? 'http://localhost:8000';

const MANTINE = '[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]';

/**
 * Imports of Mantine components that the dashboard draws with but that take a whole module for a
 * small piece of it, or for a part no dashboard draws: the module then comes as one chunk with
 * everything the menus, tooltips and dialogs use of it, and every dashboard would download it
 * before any of them opens. These importers get just that piece, or the part on demand, from a
 * module of its own; what the menus and dialogs import is unchanged. Mantine is pinned: a version
 * that imports more from these fails the build (a missing export).
 */
const NARROWED_IMPORTS: { importer: RegExp; source: string; code: (target: string) => string[] }[] = [
  {
    // ScrollArea takes `useMergeRefs` from @floating-ui/react (15 kB gzipped): Mantine has the hook.
    importer: new RegExp(`${MANTINE}ScrollArea[\\\\/]`),
    source: '@floating-ui/react',
    code: () => [
      "import { useMergedRef } from '@mantine/hooks';",
      'export function useMergeRefs(refs) {',
      '  return useMergedRef(...refs);',
      '}',
    ],
  },
  {
    // AppShell's header and sections take two class names from react-remove-scroll (4 kB gzipped).
    importer: new RegExp(`${MANTINE}AppShell[\\\\/]`),
    source: 'react-remove-scroll',
    code: () => [
      "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
      'export const RemoveScroll = {',
      '  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },',
      '};',
    ],
  },
  {
    // Table carries `Table.ScrollContainer`, which takes ScrollArea (5 kB gzipped) for its default
    // type: the report tables do not use it. It loads when such a container is drawn; until then
    // the container's content shows in a plain box with the same class names.
    importer: new RegExp(`${MANTINE}Table[\\\\/]TableScrollContainer\\.mjs$`),
    source: '../ScrollArea/ScrollArea.mjs',
    code: (target) => [
      "import { createElement, lazy, Suspense } from 'react';",
      `const Loaded = lazy(() => import(${JSON.stringify(target)}).then((m) => ({ default: m.ScrollArea })));`,
      'export function ScrollArea(props) {',
      "  const plain = createElement('div', { className: props.className, style: props.style }, props.children);",
      '  return createElement(Suspense, { fallback: plain }, createElement(Loaded, props));',
      '}',
    ],
  },
  {
    // Button and ActionIcon take the whole Transition (its named transitions and the hook that
    // runs them, 2 kB gzipped, in the entry every page loads) only to slide their loader in. Here
    // the loader shows at once in its final place: the transition's end state, as it is drawn
    // when the user prefers reduced motion. Menus, popovers and dialogs keep the real Transition.
    importer: new RegExp(`${MANTINE}(Button|ActionIcon)[\\\\/](Button|ActionIcon)\\.mjs$`),
    source: '../Transition/Transition.mjs',
    code: () => [
      'export function Transition({ mounted, transition, children }) {',
      '  if (!mounted) return null;',
      "  return children(typeof transition === 'object' ? transition.in : {});",
      '}',
    ],
  },
  ...['ButtonGroup', 'ButtonGroupSection'].map((name) => ({
    // Button carries `Button.Group` and `Button.GroupSection` (0.4 kB gzipped, in the entry every
    // page loads), which the app never draws. Drawing one fails loudly rather than drawing nothing.
    importer: new RegExp(`${MANTINE}Button[\\/]Button\\.mjs$`),
    source: `./${name}/${name}.mjs`,
    code: () => [
      `export function ${name}() {`,
      `  throw new Error('Button.${name.slice('Button'.length)} is left out of the build: vite.config.ts, NARROWED_IMPORTS');`,
      '}',
    ],
  })),
];

function narrowedImports(): Plugin {
  const PREFIX = '\0maya-narrowed-import:';
  return {
    name: 'maya:narrowed-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined) return null;
      const index = NARROWED_IMPORTS.findIndex((n) => n.source === source && n.importer.test(importer));
      if (index === -1) return null;
      const target = source.startsWith('.') ? path.resolve(path.dirname(importer), source) : source;
      return `${PREFIX}${index}:${target}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [index, ...target] = id.slice(PREFIX.length).split(':');
      return NARROWED_IMPORTS[Number(index)]?.code(target.join(':')).join('\n') ?? null;
    },
  };
}

/**
 * Mantine's styles component by component, each with the chunk of the component that uses it,
 * instead of the whole library's 290 kB stylesheet (36 kB gzipped) that blocked the first paint
 * of every page: the sign-in page's stylesheet then holds the dozen components it draws.
 *
 * - Every Mantine component takes its class names from a `<Name>.module.mjs` beside it; the build
 *   adds to that module an import of Mantine's `styles/<Name>.css`, so a component's styles come
 *   with it into whichever chunk it lands in (Mantine declares its CSS files side effects).
 * - A component's styles may arrive after the app's (a menu's chunk loads when it opens), so the
 *   order of arrival cannot decide the cascade as it did in the one stylesheet. Every file goes
 *   into a sub-layer of a `mantine` cascade layer, and the first stylesheet (`baseline.css`, the
 *   app's first import) declares those sub-layers in the order of Mantine's own `styles.css`:
 *   among themselves Mantine's rules cascade exactly as in the whole file, whenever each arrives,
 *   and the app's own styles, outside any layer, come after all of them, as Mantine's docs advise
 *   for layered styles.
 */
const require = createRequire(import.meta.url);
const STYLES = path.join(path.dirname(require.resolve('@mantine/core/styles.css')), 'styles');
const MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const STYLESHEET = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([A-Za-z-]+)\.css$/;

/** Mantine's files in the order its whole `styles.css` concatenates them. */
function mantineOrder(): string[] {
  const whole = readFileSync(path.join(path.dirname(STYLES), 'styles.css'), 'utf8');
  const names = readdirSync(STYLES)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.css'.length));
  const at = new Map(
    names.map((name) => [name, whole.indexOf(readFileSync(path.join(STYLES, `${name}.css`), 'utf8').trim())]),
  );
  const missing = names.filter((name) => at.get(name) === -1);
  // A Mantine release that no longer builds styles.css from these files: the order is unknown.
  if (missing.length > 0) throw new Error(`@mantine/core/styles.css lacks styles/${missing.join(', ')}.css`);
  return names.sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
}

function mantineStylesPerComponent(): Plugin {
  let order: string[] = [];
  return {
    name: 'maya:mantine-styles-per-component',
    enforce: 'pre',
    buildStart() {
      order = mantineOrder();
    },
    transform(code, id) {
      const module = MODULE.exec(id);
      if (module !== null) {
        const name = module[1] ?? '';
        if (!order.includes(name)) return null;
        return { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null };
      }
      const stylesheet = STYLESHEET.exec(id);
      if (stylesheet === null) return null;
      const name = stylesheet[1] ?? '';
      if (!order.includes(name)) return null;
      const declaration = name === order[0] ? `@layer ${order.map((n) => `mantine.${n}`).join(', ')};\n` : '';
      return { code: `${declaration}@layer mantine.${name} {\n${code}\n}\n`, map: null };
    },
  };
}

/**
 * `virtual:maya-theme.css`, which `main.tsx` imports: the theme's CSS variables and breakpoint
 * classes, computed here from the app's theme (`src/app/themeStylesheet.ts`), where
 * `MantineProvider` computed them in the browser on every load and wrote them into the page
 * (decision 701). It is part of the entry's stylesheet, outside Mantine's layers, as that style
 * element was.
 */
function themeStylesheetModule(): Plugin {
  const ID = 'virtual:maya-theme.css';
  // A path, not a `\0` id: Vite's CSS pipeline processes it as it does a stylesheet on disk.
  const RESOLVED = '/__maya-theme.css';
  return {
    name: 'maya:theme-stylesheet',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? themeStylesheet() : null),
  };
}

/**
 * The chunks of the bundle being written, for `resolveDependencies` below (Vite computes the
 * preload lists in its own `generateBundle`, which runs after this one).
 */
let bundle: Rolldown.OutputBundle = {};
function bundleGraph(): Plugin {
  return {
    name: 'maya:bundle-graph',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
}

/** A chunk and every chunk it imports statically: loaded by the time its code runs. */
function loadedWith(fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) loadedWith(imported, into);
  return into;
}

export default defineConfig({
  plugins: [
    react(),
    themeStylesheetModule(),
    mantineStylesPerComponent(),
    narrowedImports(),
    bundleGraph(),
    precompress(),
    prerenderedPages(),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/data/config.json': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle.ts reads what each route loads from it.
    manifest: true,
    modulePreload: {
      // Every browser the build targets has modulepreload.
      polyfill: false,
      // An on-demand import preloads the chunks it needs, less those its importer already loaded
      // (they are there by the time it runs): the lists are shorter in every chunk that imports.
      resolveDependencies: (_file, dependencies, { hostId, hostType }) => {
        if (hostType !== 'js') return dependencies;
        const loaded = loadedWith(hostId);
        return dependencies.filter((dependency) => !loaded.has(dependency));
      },
    },
    rolldownOptions: {
      treeshake: {
        // An area's index.ts only re-exports (the feature folders' convention). Declared free of
        // side effects, it no longer ties a page to the chunks of everything it re-exports: the
        // shell, which takes one component from an area, does not load what other pages use of it.
        moduleSideEffects: [
          { test: /[\\/]apps[\\/]web[\\/]src[\\/].*[\\/]index\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        // React in one long-lived chunk, so a deploy of app code does not invalidate it. The other
        // packages are split by what imports them: one chunk of everything in node_modules put
        // the chart library (and every Mantine component) on the sign-in route (bench/bundle.ts).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            // What the entry imports statically, in one chunk: every route loads all of it anyway,
            // and one chunk compresses better than a dozen small ones shared with some routes.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The small components that nearly every page draws (the sign-in page and the dashboard
            // both do), in one chunk rather than the dozen tiny ones shared with some routes each.
            {
              name: 'ui',
              test: new RegExp(
                `${MANTINE}(Group|Paper|ActionIcon|Divider|Anchor|Title|Alert|CloseButton)[\\\\/]`,
              ),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
