#!/usr/bin/env node
// `npm run dev`: the server rebuilt and restarted on every change (esbuild watch), and Vite's
// dev server on http://localhost:5173 with /api proxied to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

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

const context = await esbuild.context({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outdir: path.join(root, 'apps/server/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@maya/contracts': path.join(root, 'packages/contracts/src/index.ts'),
    '@maya/warehouse': path.join(root, 'packages/warehouse/src/index.ts'),
    '@maya/connectors': path.join(root, 'packages/connectors/src/index.ts'),
  },
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
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
