// `npm run bench:bundle`: the gzipped JavaScript a browser downloads for a route of the
// production build, read from Vite's manifest: the entry and everything it imports statically,
// plus the route's page chunk and its static imports; "with charts" adds what the dashboard loads
// on demand to draw (ECharts). Builds the web app first. Goals (issue 6): the sign-in route under
// 200 kB, the dashboard with its charts under 400 kB. Prints a table and writes
// bench/results/bundle.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps', 'web');
const dist = path.join(web, 'dist');

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npm', ['exec', '--', 'vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
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
  { route: 'sign-in', keys: [...entry, sourceKey('features/auth/components/SignInPage.tsx')], goalKb: 200 },
  {
    route: 'dashboard, with its charts',
    keys: [
      ...entry,
      sourceKey('app/shell/ProtectedShell.tsx'),
      sourceKey('features/reports/components/DashboardPages.tsx'),
      sourceKey('features/reports/components/charts/echarts.ts'),
    ],
    goalKb: 400,
  },
];

const results = routes.map(({ route, keys, goalKb }) => {
  const chunks = [...staticClosure(keys)].map((k) => manifest[k]?.file ?? k).filter((f) => f.endsWith('.js'));
  const kb = chunks.reduce((sum, file) => sum + gzSize(file), 0) / 1024;
  return { route, chunks: chunks.length, gzipKb: Math.round(kb * 10) / 10, goalKb, meets: kb < goalKb };
});
console.table(
  results.map((r) => ({
    route: r.route,
    'JS chunks': r.chunks,
    'gzipped kB': r.gzipKb,
    goal: `< ${r.goalKb} kB`,
    '': r.meets ? 'meets' : 'MISSES',
  })),
);
const out = path.join(root, 'bench', 'results', 'bundle.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ routes: results, at: new Date().toISOString() }, null, 2)}\n`);
