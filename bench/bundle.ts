// `npm run bench:bundle`: the gzipped JavaScript (level 9) a browser downloads for a route of the
// production build, read from Vite's manifest, and beside it the gzipped CSS (not in the goal).
// Builds the web app first. Goals (issue 25): the sign-in route at most 120 kB, the dashboard with
// its charts at most 320 kB (issue 6 had 200 and 400). Prints a table and writes
// bench/results/bundle.json.
//
// What a goal counts: what the browser must download to draw the route, that is the entry and
// every chunk it imports statically, plus the route's page chunks and their static imports. For
// the dashboard: the organization shell, the dashboard page, and the Chart.js chunk its charts
// import on demand to draw (line, bar, pie and doughnut charts, their scales, legend and area
// fill), the pages' loaders and TanStack Query's chunk. A member's dashboard: the
// staff-only notification bell loads when it shows. The sign-in page draws without either (it
// fetches TanStack Query once the browser is idle, for the page after it, as it does zod).
// Not counted: what the dashboard loads only on a click or a hover, or once it is drawn and the
// browser idle (prefetch): the menus and their positioning library, tooltips, dialogs, the filters
// pane's editors, the AI Builder, the toasts, the charts' tooltip and zoom, the subscription
// check. The last row adds all of it, as an upper bound: the dashboard after every menu, dialog
// and pane has been opened (measured, not a goal).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps', 'web');
const dist = path.join(web, 'dist');

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npm', ['exec', '--', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' }, // as scripts/build.mjs builds it
  });
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const gzipped = new Map<string, number>();
function gzSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/** A chunk's key and every chunk it imports statically, transitively. */
function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`${key} is not in the manifest`);
    into.add(key);
    staticClosure(chunk.imports ?? [], into);
  }
  return into;
}

function sourceKey(suffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (key === undefined) throw new Error(`no chunk for ${suffix}: was it renamed?`);
  return key;
}

const entry = Object.keys(manifest).filter((k) => manifest[k]?.isEntry === true);
const routes = [
  { route: 'sign-in', keys: [...entry, sourceKey('features/auth/components/SignInPage.tsx')], goalKb: 120 },
  {
    route: 'dashboard, with its charts',
    keys: [
      ...entry,
      // The pages' loaders and TanStack Query load on demand, and every dashboard waits
      // for both (decisions 700, 702).
      sourceKey('app/pages.ts'),
      sourceKey('shared/api/queryClient.ts'),
      sourceKey('app/shell/ProtectedShell.tsx'),
      sourceKey('app/pages/dashboard/DashboardPages.tsx'),
      sourceKey('features/reports/components/charts/chartjs.ts'),
    ],
    goalKb: 320,
  },
];

/** The route table's pages (what the entry imports on demand), as manifest keys. */
const pageKeys = new Set(
  ['app/routes.ts', 'app/pages.ts', 'app/router.tsx'].flatMap((file) =>
    [...readFileSync(path.join(web, 'src', file), 'utf8').matchAll(/import\('\.\.?\/([^']+)'\)/g)].flatMap(
      ([, spec = '']) => Object.keys(manifest).filter((k) => k.replace(/\.tsx?$/, '').endsWith(spec)),
    ),
  ),
);

/** The drawn chunks and everything they can load on demand, except other pages. */
function withOnDemand(drawn: Set<string>): Set<string> {
  const all = new Set(drawn);
  const queue = [...drawn];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    for (const imported of manifest[key]?.dynamicImports ?? []) {
      if (pageKeys.has(imported)) continue;
      for (const next of staticClosure([imported])) {
        if (!all.has(next)) queue.push(next);
        all.add(next);
      }
    }
  }
  return all;
}

function kb(files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzSize(file);
  return Math.round((bytes / 1024) * 10) / 10;
}

/** The chunks' JavaScript (the goal) and the stylesheets they bring, each file counted once. */
function measure(keys: Set<string>) {
  const files = [...keys].map((k) => manifest[k]?.file ?? k).filter((f) => f.endsWith('.js'));
  const css = new Set([...keys].flatMap((k) => manifest[k]?.css ?? []));
  return { chunks: files.length, gzipKb: kb(files), cssKb: kb(css) };
}

const results = routes.map(({ route, keys, goalKb }) => {
  const { chunks, gzipKb, cssKb } = measure(staticClosure(keys));
  return { route, chunks, gzipKb, goalKb, meets: gzipKb <= goalKb, cssKb };
});
const dashboard = routes[1];
const upperBound = dashboard === undefined ? null : measure(withOnDemand(staticClosure(dashboard.keys)));
console.table([
  ...results.map((r) => ({
    route: r.route,
    'JS chunks': r.chunks,
    'gzipped kB': r.gzipKb,
    goal: `≤ ${r.goalKb} kB`,
    '': r.meets ? 'meets' : 'MISSES',
    'CSS gzipped kB': r.cssKb,
  })),
  ...(upperBound === null
    ? []
    : [
        {
          route: 'dashboard, all opened (not a goal)',
          'JS chunks': upperBound.chunks,
          'gzipped kB': upperBound.gzipKb,
          goal: '',
          '': '',
          'CSS gzipped kB': upperBound.cssKb,
        },
      ]),
]);
const out = path.join(root, 'bench', 'results', 'bundle.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ routes: results, dashboardAllOpened: upperBound, at: new Date().toISOString() }, null, 2)}\n`,
);
