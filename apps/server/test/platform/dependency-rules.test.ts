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
  const args = [bin, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'apps'];
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

  it('every web feature is placed in the order, and none reaches the app shell above them', () => {
    expect(broken('web-feature-listed')).toEqual(['apps/web/src/features/unplaced/index.ts']);
    expect(broken('web-features-not-to-app')).toEqual(['apps/web/src/features/etl/components/Planted.tsx']);
  });
});
