// `npm run backup` and `npm run restore` with a configured PostgreSQL (DATABASE_URL, the tables'
// owner, neither a superuser nor BYPASSRLS, as the test server's owner is): a running app's tables
// and warehouse files into one archive, restored into an EMPTY second database and an empty data
// folder, where the app answers the same reports and bookmarks. A database that is not empty and
// a damaged archive are refused with nothing changed, and a load that fails rolls back whole.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAYA_REPORT } from '@maya/analytics';
import { encodeReportState } from '@maya/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackArchive, type ConfiguredPostgres } from '../../src/platform/backup/archive';
import { loadConfiguredPostgres } from '../../src/platform/backup/postgres-logical';
import { call } from '../support/accounts';
import { TEST_SECRET_KEY } from '../support/constants';
import { createEmptyDatabase, createTestDatabase } from '../support/database';
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

const env = (databaseUrl: string, dataDir: string, extra: Record<string, string> = {}) =>
  baseEnv({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'warn',
    ...SHORT_HISTORY,
    ...extra,
  });

async function serve(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  const server = await startServer('main', env(databaseUrl, dataDir, { SMTP_URL: smtp.url }));
  servers.push(server);
  return server;
}

/** What "nothing changed" is checked against: the tables, the migrations, the users. */
async function databaseState(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'drizzle') ORDER BY 1`,
    );
    const state = rows.map((row) => row.name);
    if (state.length === 0) return state;
    const counts = await client.query<{ migrations: number; users: number }>(
      `SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
              (SELECT count(*)::int FROM public.users) AS users`,
    );
    return [...state, JSON.stringify(counts.rows[0])];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await smtp.close();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('backup and restore with DATABASE_URL', () => {
  it('restores a running app’s database and files into an empty database and folder, which serve the same reports and bookmarks', async () => {
    const [sourceUrl, targetUrl] = await Promise.all([createTestDatabase(), createEmptyDatabase()]);
    const original = await folder('configured-source');
    const first = await serve(sourceUrl, original);
    const owner = await organizationOwner({ base: first.base, smtp }, 'configured-backup@example.com');
    const { accounts } = await connectGoogleAds({ base: first.base, smtp }, owner, 1);
    expect(await accountSettled({ base: first.base, smtp }, owner, accounts[0]!.uuid, 900_000)).toMatchObject(
      {
        sync_status: 'finished',
      },
    );
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
    expect((before.bookmarks.bookmarks as unknown[]).length).toBe(1);

    // While the app runs.
    const archive = path.join(await folder('configured-archives'), 'maya.tar.gz');
    const backedUp = await runCommand('backup', [archive], env(sourceUrl, original));
    expect(backedUp, backedUp.stderr).toMatchObject({ code: 0 });
    expect(backedUp.stdout).toContain(`to ${archive}`);
    expect((await call(first.base, 'GET', '/health')).status).toBe(200);
    await first.stop();

    // Refused: a database that is not empty (the original one), left as it was.
    const target = await folder('configured-target');
    const used = await databaseState(sourceUrl);
    const intoUsed = await runCommand('restore', [archive], env(sourceUrl, target));
    expect(intoUsed.code, intoUsed.stdout).toBe(1);
    expect(intoUsed.stderr).toContain('at DATABASE_URL is not empty');
    expect(intoUsed.stderr).toContain('Nothing was restored.');
    expect(await databaseState(sourceUrl)).toEqual(used);
    expect(await readdir(target)).toEqual([]);

    // Refused: an archive with a byte changed; the empty database and folder stay empty.
    const flipped = Buffer.from(await readFile(archive));
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = flipped[middle]! ^ 0xff;
    const corrupt = path.join(path.dirname(archive), 'corrupt.tar.gz');
    await writeFile(corrupt, flipped);
    const refused = await runCommand('restore', [corrupt], env(targetUrl, target));
    expect(refused.code, refused.stdout).toBe(1);
    expect(refused.stderr).toContain(`${corrupt} is damaged or not a Maya backup`);
    expect(await databaseState(targetUrl)).toEqual([]);
    expect(await readdir(target)).toEqual([]);

    // A load that fails part way (an archive whose row count disagrees) rolls back whole.
    const scratch = await mkdtemp(path.join(path.dirname(archive), 'unpacked-'));
    const manifest = await unpackArchive(archive, scratch);
    const dump = manifest.postgres as ConfiguredPostgres;
    expect(dump.kind).toBe('configured');
    const bookmarks = dump.tables.find((table) => table.name === 'bookmarks');
    expect(bookmarks?.rows).toBe(1);
    const wrong = { ...dump, tables: dump.tables.map((t) => (t === bookmarks ? { ...t, rows: 2 } : t)) };
    await expect(
      loadConfiguredPostgres(targetUrl, path.join(scratch, 'data', 'postgres'), wrong),
    ).rejects.toThrow('bookmarks: 1 rows restored, the archive says 2');
    expect(await databaseState(targetUrl)).toEqual([]);

    const restored = await runCommand('restore', [archive], env(targetUrl, target));
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    // Every organization's warehouse file (the demo organization's too).
    const warehouses = (await readdir(path.join(original, 'warehouse'))).filter((name) =>
      name.endsWith('.duckdb'),
    );
    expect(warehouses.length).toBeGreaterThan(0);
    expect((await readdir(path.join(target, 'warehouse'))).sort()).toEqual(warehouses.sort());

    const second = await serve(targetUrl, target);
    // The session came along too: its refresh cookie signs in on the restored app.
    const refreshed = await call(second.base, 'POST', '/auth/refresh_token', { cookie: owner.cookie });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(await answers(second.base, refreshed.body.access_token as string)).toEqual(before);
  }, 1_800_000);
});
