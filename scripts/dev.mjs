#!/usr/bin/env node
// `npm run dev`: the server rebuilt and restarted on every change (esbuild watch), and Vite's
// dev server on http://localhost:5173 with /api proxied to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { serverBundleOptions } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server = null;

function restartServer() {
  const start = () => {
    server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SERVE_WEB: 'false' },
    });
  };
  if (!server || server.exitCode !== null) return start();
  server.once('exit', start);
  server.kill('SIGTERM');
}

// The same bundle as the build (workspace packages in, npm packages out), main entry only.
const context = await esbuild.context({
  ...serverBundleOptions(root, { entries: ['apps/server/src/main.ts'] }),
  plugins: [
    { name: 'restart', setup: (build) => build.onEnd((result) => result.errors.length || restartServer()) },
  ],
});
await context.watch();

const vite = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'inherit',
});

const stop = async () => {
  await context.dispose();
  vite.kill('SIGTERM');
  server?.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
