#!/usr/bin/env node
// Builds the web app (Vite) and bundles the server (esbuild). With --if-stale it skips each part
// whose output is newer than every one of its inputs, so `npm start` builds only what changed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { serverBundleOptions } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');
const SKIP = new Set(['node_modules', 'dist', '.data', 'coverage']);

function newest(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
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

if (stale(path.join(root, 'apps/web/dist/index.html'), ['apps/web', ...sharedInputs])) {
  console.log('building the web app…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
      // Said explicitly: run from a test (Vitest sets NODE_ENV=test, the e2e global setup builds)
      // the build came out with React's development builds: 528 kB of react chunk, not 314 kB.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

if (stale(path.join(root, 'apps/server/dist/main.js'), ['apps/server', ...sharedInputs])) {
  console.log('bundling the server…');
  await esbuild.build(serverBundleOptions(root));
}
