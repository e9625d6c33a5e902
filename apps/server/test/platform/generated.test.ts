import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/database';

/**
 * Generated files are checked in and must match their sources (DESIGN.md style 9).
 * To refresh: `npm run db:generate -w apps/server` for migrations,
 * `UPDATE_GENERATED=1 npx vitest run apps/server/test/platform/generated.test.ts` for openapi.json.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

describe('generated files', () => {
  it('the checked-in migrations match the drizzle schema', async () => {
    const scratch = `.migrations-check-${randomBytes(4).toString('hex')}`;
    const configFile = `${scratch}.config.ts`;
    await cp(path.join(serverDir, 'drizzle'), path.join(serverDir, scratch), { recursive: true });
    // The project's drizzle.config.ts, writing into the scratch copy instead of drizzle/.
    const projectConfig = await readFile(path.join(serverDir, 'drizzle.config.ts'), 'utf8');
    await writeFile(
      path.join(serverDir, configFile),
      projectConfig.replace("out: './drizzle'", `out: './${scratch}'`),
    );
    try {
      const drizzleKit = path.resolve(serverDir, '..', '..', 'node_modules', 'drizzle-kit', 'bin.cjs');
      const { stdout } = await run(process.execPath, [drizzleKit, 'generate', `--config=${configFile}`], {
        cwd: serverDir,
      });
      const before = await readdir(path.join(serverDir, 'drizzle'));
      const after = await readdir(path.join(serverDir, scratch));
      expect(
        after.sort(),
        `schema changed without a migration: run npm run db:generate -w apps/server\n${stdout}`,
      ).toEqual(before.sort());
    } finally {
      await rm(path.join(serverDir, scratch), { recursive: true, force: true });
      await rm(path.join(serverDir, configFile), { force: true });
    }
  }, 60_000);

  it('openapi.json matches the routes and their zod schemas', async () => {
    const { app } = await createTestApp();
    try {
      await app.ready();
      const current = `${JSON.stringify(app.swagger(), null, 2)}\n`;
      const file = path.join(serverDir, 'openapi.json');
      if (process.env.UPDATE_GENERATED === '1') await writeFile(file, current);
      const checkedIn = await readFile(file, 'utf8').catch(() => '');
      expect(current, 'openapi.json is stale: rerun with UPDATE_GENERATED=1').toBe(checkedIn);
    } finally {
      await app.close();
    }
  });
});
