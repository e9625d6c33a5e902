import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of .dependency-cruiser.cjs hold: violations planted in a scratch tree (with the
 * repository's config and node_modules) fail dependency-cruiser, and their allowed twins pass.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const PLANTED: Record<string, string> = {
  // A benchmark reaching into a server module by path; and one using the server's bench face.
  'bench/deep.ts': "export { one } from '../apps/server/src/modules/planted/service';\n",
  'bench/face.ts': "export { face } from '../apps/server/src/bench';\n",
  'apps/server/src/bench.ts': 'export const face = 1;\n',
  // Drizzle in a service, a table in a route handler: both only a repository's.
  'apps/server/src/modules/planted/service.ts':
    "import { sql } from 'drizzle-orm';\nexport const one = sql`1`;\n",
  'apps/server/src/modules/planted/routes.ts':
    "import { things } from './schema';\nexport const t = things;\n",
  'apps/server/src/modules/planted/columns.ts':
    "import { text } from 'drizzle-orm/pg-core';\nexport const column = text('name');\n",
  // Allowed: the repository, the schema, and a row type imported as a type.
  'apps/server/src/modules/planted/repository.ts':
    "import { eq } from 'drizzle-orm';\nimport { things } from './schema';\nexport const byId = (id: string) => eq(things.id, id);\n",
  'apps/server/src/modules/planted/schema.ts':
    "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const things = pgTable('things', { id: text('id') });\n",
  'apps/server/src/modules/planted/types.ts':
    "import type { things } from './schema';\nexport type Thing = typeof things.$inferSelect;\n",
  // A web feature reaching one after it in WEB_FEATURE_ORDER; and one reaching before it.
  'apps/web/src/features/organizations/index.ts': "export { step } from '../destinations';\n",
  'apps/web/src/features/destinations/index.ts': 'export const step = 1;\n',
  'apps/web/src/features/subscriptions/index.ts': "export { signIn } from '../auth';\n",
  'apps/web/src/features/auth/index.ts': 'export const signIn = 1;\n',
  // Issue 24's boundaries. A warehouse with its interface and one adapter...
  'packages/warehouse/src/warehouse.ts': 'export type Warehouse = { engine: string };\n',
  'packages/warehouse/src/interface.ts': "export * from './warehouse';\n",
  'packages/warehouse/src/duckdb/duckdb-warehouse.ts':
    "import pg from 'pg';\nexport const openDuckDbWarehouse = () => pg;\n",
  'packages/warehouse/src/index.ts':
    "export * from './interface';\nexport * from './duckdb/duckdb-warehouse';\n",
  // ...analytics code over the interface (allowed), through the index that carries the adapter
  // (a violation), straight at an engine's client (a violation) and, in a test, at an adapter (allowed)...
  'packages/analytics/src/reports/over-interface.ts':
    "import type { Warehouse } from '../../../warehouse/src/interface';\nexport type Read = (w: Warehouse) => void;\n",
  'packages/analytics/src/models/through-index.ts':
    "import { openDuckDbWarehouse } from '../../../warehouse/src/index';\nexport const open = openDuckDbWarehouse;\n",
  'packages/analytics/src/models/driver.ts': "import pg from 'pg';\nexport const client = pg;\n",
  'packages/analytics/src/models/engine.test.ts':
    "import { openDuckDbWarehouse } from '../../../warehouse/src/duckdb/duckdb-warehouse';\nexport const open = openDuckDbWarehouse;\n",
  // ...the warehouse reaching up into analytics (a violation)...
  'packages/warehouse/src/semantic.ts':
    "import type { Read } from '../../analytics/src/reports/over-interface';\nexport type R = Read;\n",
  // ...and the sandbox: imported by a connector file and by app.ts (violations), by the test
  // harness and by the server's platform/sandbox.ts (allowed).
  'packages/connectors/src/sandbox/plugin.ts': 'export const sandboxPlugin = 1;\n',
  'packages/connectors/src/services/moosend/sandbox.ts': 'export const moosendSandbox = 1;\n',
  'packages/connectors/src/registry.ts':
    "import { moosendSandbox } from './services/moosend/sandbox';\nexport const mounts = [moosendSandbox];\n",
  'packages/connectors/src/testing/harness.ts':
    "import { sandboxPlugin } from '../sandbox/plugin';\nexport const harness = sandboxPlugin;\n",
  'apps/server/src/platform/sandbox.ts':
    "import { sandboxPlugin } from '../../../../packages/connectors/src/sandbox/plugin';\nexport const register = sandboxPlugin;\n",
  'apps/server/src/app.ts':
    "import { sandboxPlugin } from '../../../packages/connectors/src/sandbox/plugin';\nexport const app = sandboxPlugin;\n",
  // The cycles issue 25 untangled, planted again: the dashboard (reports) reaching the bookmark
  // toolbar, bookmarks reaching the settings page; a feature reaching the app shell; a feature
  // folder WEB_FEATURE_ORDER does not list.
  'apps/web/src/features/reports/components/Planted.tsx': "export { toolbar } from '../../bookmarks';\n",
  'apps/web/src/features/bookmarks/index.ts':
    "export const toolbar = 1;\nexport { page } from '../settings';\nexport { view } from '../../shared/planted';\n",
  'apps/web/src/features/settings/index.ts': "export const page = 1;\nexport { note } from '../reports';\n",
  'apps/web/src/features/reports/index.ts': 'export const note = 1;\n',
  'apps/web/src/shared/planted.ts': 'export const view = 1;\n',
  'apps/web/src/features/etl/components/Planted.tsx': "export { shell } from '../../../app/shell';\n",
  'apps/web/src/app/shell.ts': 'export const shell = 1;\n',
  'apps/web/src/features/unplaced/index.ts': "export { signIn } from '../auth';\n",
};

type Violation = { from: string; to: string; rule: { name: string } };

let scratch = '';
let violations: Violation[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'maya-boundaries-'));
  for (const file of [
    '.dependency-cruiser.cjs',
    'tsconfig.base.json',
    'package.json',
    'apps/server/package.json',
  ]) {
    await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
    await copyFile(path.join(root, file), path.join(scratch, file));
  }
  await symlink(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(PLANTED)) {
    await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
    await writeFile(path.join(scratch, file), text);
  }
  violations = await cruise(scratch);
}, 120_000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** dependency-cruiser's violations over the scratch tree, with the repository's config. */
function cruise(dir: string): Promise<Violation[]> {
  const bin = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  const args = [
    bin,
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
    'apps',
    'packages',
    'bench',
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // It exits non-zero when it finds errors: that is the point; only unreadable output is a failure.
      try {
        resolve((JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations);
      } catch {
        reject(new Error(`dependency-cruiser failed: ${stderr || (error?.message ?? 'no output')}`));
      }
    });
  });
}

const broken = (rule: string) =>
  violations
    .filter((v) => v.rule.name === rule)
    .map((v) => v.from)
    .sort();

describe('dependency rules', () => {
  it('bench/ reaches the app only through declared exports', () => {
    expect(broken('bench-through-declared-exports')).toEqual(['bench/deep.ts']);
  });

  it('only repositories touch Drizzle, only schema.ts defines tables', () => {
    expect(broken('server-drizzle-only-in-repositories')).toEqual([
      'apps/server/src/modules/planted/service.ts',
    ]);
    expect(broken('server-pg-core-only-in-schemas')).toEqual(['apps/server/src/modules/planted/columns.ts']);
    expect(broken('server-tables-only-from-repositories')).toEqual([
      'apps/server/src/modules/planted/routes.ts',
    ]);
  });

  it('a web feature may use only the features before it in the allowed order', () => {
    const order = violations.filter((v) => v.rule.name.startsWith('web-feature-order-'));
    expect(order.map((v) => [v.rule.name, v.from, v.to]).sort()).toEqual([
      [
        'web-feature-order-bookmarks',
        'apps/web/src/features/bookmarks/index.ts',
        'apps/web/src/features/settings/index.ts',
      ],
      [
        'web-feature-order-organizations',
        'apps/web/src/features/organizations/index.ts',
        'apps/web/src/features/destinations/index.ts',
      ],
      [
        'web-feature-order-reports',
        'apps/web/src/features/reports/components/Planted.tsx',
        'apps/web/src/features/bookmarks/index.ts',
      ],
    ]);
  });

  it('the analytics domain reaches no engine adapter or client; the warehouse never reaches analytics', () => {
    const adapters = violations.filter((v) => v.rule.name === 'analytics-not-to-engine-adapters');
    expect([...new Set(adapters.map((v) => v.from))].sort()).toEqual([
      'packages/analytics/src/models/driver.ts',
      'packages/analytics/src/models/through-index.ts',
    ]);
    expect(broken('warehouse-not-to-analytics')).toEqual(['packages/warehouse/src/semantic.ts']);
  });

  it('the sandbox is imported only by its own code, the test harness and platform/sandbox.ts', () => {
    expect(broken('sandbox-apart')).toEqual([
      'apps/server/src/app.ts',
      'packages/connectors/src/registry.ts',
    ]);
  });

  it('every web feature is placed in the order, and none reaches the app shell above them', () => {
    expect(broken('web-feature-listed')).toEqual(['apps/web/src/features/unplaced/index.ts']);
    expect(broken('web-features-not-to-app')).toEqual(['apps/web/src/features/etl/components/Planted.tsx']);
  });
});
