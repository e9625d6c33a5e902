// `npm run backup` of a running app (its embedded PostgreSQL and its DuckDB warehouse files) and
// `npm run restore` into an empty data folder: the app started on the restored folder answers the
// same reports and bookmarks. A folder that is not empty and a damaged archive are refused, with
// a clear message, and nothing is changed.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAYA_REPORT } from '@maya/analytics';
import { encodeReportState } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/accounts';
import { startSmtp } from '../support/smtp';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';
import { dailyReport, DAILY_PAGE } from './daily-report';
import { SHORT_HISTORY, baseEnv, dataFolder, runCommand, startServer, type ServerProcess } from './processes';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
const folders: string[] = [];
const servers: ServerProcess[] = [];

async function folder(label: string): Promise<string> {
  const dir = await dataFolder(label);
  folders.push(dir);
  return dir;
}

/** The app on `dataDir` with its embedded PostgreSQL (no DATABASE_URL), as `npm start` runs it. */
async function serve(dataDir: string): Promise<ServerProcess> {
  const server = await startServer(
    'main',
    baseEnv({ DATA_DIR: dataDir, SMTP_URL: smtp.url, LOG_LEVEL: 'warn', ...SHORT_HISTORY }),
  );
  servers.push(server);
  return server;
}

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await smtp.close();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Every entry under `dir` with its size: what "nothing changed" is checked against. */
async function listing(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push(`${path.relative(dir, full)} ${entry.isFile() ? (await stat(full)).size : 'dir'}`);
  }
  return found.sort();
}

describe('backup and restore', () => {
  it('restores a running app’s data into an empty folder, which then serves the same reports and bookmarks', async () => {
    const original = await folder('backup-source');
    const first = await serve(original);
    const owner = await organizationOwner({ base: first.base, smtp }, 'backup-owner@example.com');
    const { accounts } = await connectGoogleAds({ base: first.base, smtp }, owner, 1);
    const account = accounts[0]!;
    expect(await accountSettled({ base: first.base, smtp }, owner, account.uuid, 900_000)).toMatchObject({
      sync_status: 'finished',
    });
    const bookmark = await call(first.base, 'POST', '/bookmarks', {
      token: owner.token,
      body: {
        organization_id: owner.organizationId,
        report_slug: MAYA_REPORT.slug,
        bookmarks: [
          {
            name: 'Before the backup',
            state: encodeReportState({ version: 1, page: DAILY_PAGE, filters: [], slicers: [], sort: [] }),
          },
        ],
      },
    });
    expect(bookmark.status, JSON.stringify(bookmark.body)).toBe(201);

    const answers = async (base: string, token: string) => {
      const report = await dailyReport(base, token, owner.organizationId);
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      const bookmarks = await call(
        base,
        'GET',
        `/bookmarks?organization_id=${owner.organizationId}&report_slug=${MAYA_REPORT.slug}&scope=manage`,
        { token },
      );
      expect(bookmarks.status).toBe(200);
      return { report: report.body, bookmarks: bookmarks.body };
    };
    const before = await answers(first.base, owner.token);
    expect((before.report.rows as unknown[]).length).toBeGreaterThan(0);

    // While the app runs: it keeps serving, and the copy is consistent.
    const archive = path.join(await folder('backup-archives'), 'maya.tar.gz');
    const env = baseEnv({ DATA_DIR: original, LOG_LEVEL: 'warn' });
    const backedUp = await runCommand('backup', [archive], env);
    expect(backedUp, backedUp.stderr).toMatchObject({ code: 0 });
    expect(backedUp.stdout).toContain(`to ${archive}`);
    expect((await call(first.base, 'GET', '/health')).status).toBe(200);
    await first.stop();

    // Refused: a folder that is not empty (the original one), left as it was.
    const untouched = await listing(original);
    const intoUsed = await runCommand('restore', [archive], baseEnv({ DATA_DIR: original }));
    expect(intoUsed.code).toBe(1);
    expect(intoUsed.stderr).toContain(`${original} is not empty: restore only into an empty data folder`);
    expect(await listing(original)).toEqual(untouched);

    // Refused: a truncated archive and one with a byte changed; the empty folder stays empty.
    const target = await folder('backup-target');
    const whole = await readFile(archive);
    const truncated = path.join(path.dirname(archive), 'truncated.tar.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const flipped = Buffer.from(whole);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = flipped[middle]! ^ 0xff;
    const corrupt = path.join(path.dirname(archive), 'corrupt.tar.gz');
    await writeFile(corrupt, flipped);
    const scratch = (await readdir(os.tmpdir())).filter((name) => name.startsWith('.maya-restore-'));
    for (const damaged of [truncated, corrupt]) {
      const refused = await runCommand('restore', [damaged], baseEnv({ DATA_DIR: target }));
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain(`${damaged} is damaged or not a Maya backup`);
      expect(refused.stderr).toContain('Nothing was restored.');
      expect(await readdir(target)).toEqual([]);
    }
    // No scratch folder left behind beside the target.
    expect((await readdir(os.tmpdir())).filter((name) => name.startsWith('.maya-restore-'))).toEqual(scratch);

    const restored = await runCommand('restore', [archive], baseEnv({ DATA_DIR: target }));
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    expect(existsSync(path.join(target, 'postgres', 'backup_label'))).toBe(true);

    const second = await serve(target);
    // The session came along too: its refresh cookie signs in on the restored app.
    const refreshed = await call(second.base, 'POST', '/auth/refresh_token', { cookie: owner.cookie });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(await answers(second.base, refreshed.body.access_token as string)).toEqual(before);
  }, 1_800_000);
});
