#!/usr/bin/env node
// Builds the web app (Vite) and bundles the server (esbuild). With --if-stale it skips each part
// whose output is newer than every one of its inputs, so `npm start` builds only what changed.
//
// Several builds may start at once (two `npm test` side by side, a test run beside `npm start`),
// and an app may be serving a dist/ folder while another build runs. So builds take turns (a lock,
// held while deciding what is stale and building), and each output is written to a folder of its
// own and then swapped in whole: a running app never reads a half-written or emptied dist/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { acquireBuildLock } from './build-lock.mjs';
import { serverBundleOptions } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');
const SKIP = new Set(['node_modules', 'dist', '.data', 'coverage']);
// Scratch folders that tests and this script create beside the sources (the migrations check's
// copy, a build's output before its swap) are not inputs: a test run would otherwise make the
// build beside it stale.
const SCRATCH = /^\.(migrations-check-|dist-)/;

function newest(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || SCRATCH.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}
const stale = (output, inputs) =>
  !ifStale ||
  !existsSync(output) ||
  statSync(output).mtimeMs < Math.max(...inputs.map((d) => newest(path.join(root, d))));

const sharedInputs = ['packages', 'package-lock.json'].filter((p) => existsSync(path.join(root, p)));

/** Writes `dist` through `build(into)` into a fresh folder beside it, then swaps it in whole. */
async function publish(dist, build) {
  const fresh = path.join(path.dirname(dist), `.dist-${process.pid}`);
  const old = path.join(path.dirname(dist), `.dist-${process.pid}-old`);
  rmSync(fresh, { recursive: true, force: true });
  try {
    await build(fresh);
    if (existsSync(dist)) renameSync(dist, old);
    renameSync(fresh, dist);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

const releaseLock = await acquireBuildLock(path.join(root, 'node_modules', '.cache', 'maya-build.lock'));

if (stale(path.join(root, 'apps/web/dist/index.html'), ['apps/web', ...sharedInputs])) {
  console.log('building the web app…');
  await publish(path.join(root, 'apps/web/dist'), (outDir) =>
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
      {
        cwd: path.join(root, 'apps/web'),
        stdio: 'inherit',
        // Said explicitly: run from a test (Vitest sets NODE_ENV=test, the e2e global setup builds)
        // the build came out with React's development builds: 528 kB of react chunk, not 314 kB.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    ),
  );
}

if (stale(path.join(root, 'apps/server/dist/main.js'), ['apps/server', ...sharedInputs])) {
  console.log('bundling the server…');
  await publish(path.join(root, 'apps/server/dist'), (outdir) =>
    esbuild.build(serverBundleOptions(root, { outdir })),
  );
}

releaseLock();
