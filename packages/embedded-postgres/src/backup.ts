// A copy of the embedded PostgreSQL's data folder, taken while the server runs, that starts as the
// database was at one moment: PostgreSQL's own non-exclusive base backup (pg_backup_start, copy
// the files, pg_backup_stop, then the WAL written meanwhile and the backup label), as
// pg_basebackup does it. The embedded binaries ship no pg_dump or pg_basebackup, and the system's
// pg_dump (older) refuses a newer server; a physical copy also keeps the job queue, the roles and
// every schema exactly. Restored, the folder starts like a crashed server's: PostgreSQL replays
// the copied WAL from the label's checkpoint and is consistent.
import { existsSync } from 'node:fs';
import { chmod, chown, copyFile, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  ensurePostgresUser,
  isAlive,
  isRoot,
  OWNER_ROLE,
  DATABASE,
  startEmbeddedPostgres,
  type EmbeddedLogger,
} from './embedded';

/** The embedded server of a data folder, reachable for the time of a task. */
export type EmbeddedConnection = { port: number; superUrl: string; ownerUrl: string };

export type EmbeddedAccess = {
  dataDir: string;
  superPassword: string;
  ownerPassword: string;
  log: EmbeddedLogger;
};

/** Files and folders whose contents a base backup leaves out (PostgreSQL's documentation). */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** The live postmaster on `dataDir/postgres` (its pid and port), or null when none runs. */
export async function runningPostmaster(dataDir: string): Promise<{ pid: number; port: number } | null> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !isAlive(pid)) return null;
  return { pid, port };
}

/**
 * Runs `work` against the data folder's server: the one running (an app's, or one a killed app
 * left behind), else one started for the task and stopped after it.
 */
export async function withEmbeddedPostgres<T>(
  access: EmbeddedAccess,
  work: (connection: EmbeddedConnection) => Promise<T>,
): Promise<T> {
  if (!existsSync(path.join(access.dataDir, 'postgres', 'PG_VERSION')))
    throw new Error(`there is no embedded PostgreSQL in ${path.join(access.dataDir, 'postgres')}`);
  const running = await runningPostmaster(access.dataDir);
  const started = running ? null : await startEmbeddedPostgres({ ...access, port: null });
  const port = running?.port ?? started?.port ?? 0;
  const url = (user: string, password: string, database: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  try {
    return await work({
      port,
      superUrl: url('postgres', access.superPassword, 'postgres'),
      ownerUrl: url(OWNER_ROLE, access.ownerPassword, DATABASE),
    });
  } finally {
    await started?.stop();
  }
}

/**
 * Copies the server's data folder into `into` (created), consistent as of the copy's end. The
 * server keeps running and serving meanwhile. Answers the server's version.
 */
export async function backupEmbeddedPostgres(
  connection: EmbeddedConnection,
  dataDir: string,
  into: string,
): Promise<{ serverVersion: string }> {
  const dir = path.join(dataDir, 'postgres');
  const client = new pg.Client({ connectionString: connection.superUrl, application_name: 'maya-backup' });
  await client.connect();
  try {
    const version = await client.query<{ server_version: string }>('SHOW server_version');
    // WAL written from now on is kept until this session ends (a temporary slot): a checkpoint
    // during the copy cannot recycle a segment the copy needs.
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [
      `maya_backup_${process.pid}`,
    ]);
    await client.query(`SELECT pg_backup_start('maya-backup', true)`);
    await copyTree(dir, into, true);
    const stopped = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    await copyTree(path.join(dir, 'pg_wal'), path.join(into, 'pg_wal'), false);
    const [label] = stopped.rows;
    if (!label) throw new Error('pg_backup_stop answered no backup label');
    const { labelfile, spcmapfile } = label;
    await writeFile(path.join(into, 'backup_label'), labelfile, { mode: 0o600 });
    if (spcmapfile) await writeFile(path.join(into, 'tablespace_map'), spcmapfile, { mode: 0o600 });
    return { serverVersion: version.rows[0]?.server_version ?? 'unknown' };
  } finally {
    await client.end();
  }
}

/**
 * Moves a copy made by `backupEmbeddedPostgres` into place as `dataDir/postgres` (which must not
 * exist), with the owner and mode PostgreSQL insists on. The next start replays its WAL.
 */
export async function restoreEmbeddedPostgres(copy: string, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'postgres');
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  await rename(copy, dir);
  await chmod(dir, 0o700);
  if (isRoot()) {
    const ids = await ensurePostgresUser();
    await chownTree(dir, ids.uid, ids.gid);
  }
}

/**
 * Copies a folder; for the data folder itself (`cluster`), without what a base backup leaves out:
 * the pid files, the old label, and the contents of the WAL and runtime folders.
 */
async function copyTree(from: string, to: string, cluster: boolean): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (cluster && EMPTIED_FOLDERS.has(entry.name)) {
        await mkdir(target, { recursive: true, mode: 0o700 });
        if (entry.name === 'pg_wal') await mkdir(path.join(target, 'archive_status'), { mode: 0o700 });
      } else if (!entry.name.startsWith('pgsql_tmp')) {
        await copyTree(source, target, false);
      }
    } else if (entry.isFile()) {
      if ((cluster && SKIPPED_FILES.has(entry.name)) || entry.name === 'pg_internal.init') continue;
      // A relation dropped while we copy is gone: its file no longer matters.
      await copyFile(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await chown(full, uid, gid);
  }
}
