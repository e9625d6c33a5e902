// `npm run backup`: the app database and the warehouse files of a data folder in one archive,
// while the app runs. PostgreSQL first (the embedded one's base backup, consistent as of its end,
// or a configured one's tables read in one snapshot: postgres-logical.ts), then each
// organization's DuckDB file, checkpointed and copied while this process holds it: a load that
// ends between the two is in the warehouse copy but not yet in the database's sync state, so
// after a restore the next load fetches those days again (loads are idempotent) and nothing is
// lost. The other way round, the database would claim days the warehouse copy lacks.
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { backupEmbeddedPostgres, withEmbeddedPostgres } from '@maya/embedded-postgres';
import { withDuckDbCheckpointed } from '@maya/warehouse';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config';
import type { Secrets } from '../secrets';
import { borrowWarehouseFiles } from '../warehouse-files';
import { BackupError, DATA, describeFiles, writeArchive, type Manifest } from './archive';
import { dumpConfiguredPostgres } from './postgres-logical';

/** How long the backup waits for a process that is using a warehouse file to let go of it. */
const FILE_WAIT_MS = 10 * 60 * 1000;

export type BackupSummary = { archive: string; bytes: number; organizations: number };

/** The root secret's fingerprint: equal fingerprints, equal secrets; the secret is not exposed. */
export function secretFingerprint(secrets: Secrets): string {
  return secrets.derive('backup-fingerprint').slice(0, 16);
}

export async function createBackup(
  config: Config,
  secrets: Secrets,
  archive: string,
  log: Logger,
): Promise<BackupSummary> {
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'postgres')))
    throw new BackupError(`${config.dataDir} holds no Maya data (no postgres folder): nothing to back up.`);
  const target = path.resolve(archive);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose another file name.`);
  const staging = await mkdtemp(path.join(path.dirname(target), '.maya-backup-'));
  const partial = `${target}.partial`;
  try {
    const data = path.join(staging, DATA);
    await mkdir(data);
    const { postgres, organizations } = config.databaseUrl
      ? await backupConfigured(config.databaseUrl, config.dataDir, data, log)
      : await backupEmbedded(config, secrets, data, log);
    await copyOtherFiles(config.dataDir, data);
    const manifest: Manifest = {
      format: 'maya-backup',
      version: 1,
      created_at: new Date().toISOString(),
      app_version: config.version,
      postgres,
      secret_key_included: config.secretKey === null,
      secret_fingerprint: secretFingerprint(secrets),
      organizations,
      files: await describeFiles(staging),
    };
    await writeArchive(staging, manifest, partial);
    await rename(partial, target);
    return { archive: target, bytes: (await stat(target)).size, organizations };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

async function backupEmbedded(config: Config, secrets: Secrets, data: string, log: Logger) {
  const access = {
    dataDir: config.dataDir,
    superPassword: secrets.derive('embedded-postgres-superuser'),
    ownerPassword: secrets.derive('embedded-postgres-owner'),
    log,
  };
  return withEmbeddedPostgres(access, async (connection) => {
    const copied = await backupEmbeddedPostgres(connection, config.dataDir, path.join(data, 'postgres'));
    log.info({ serverVersion: copied.serverVersion }, 'backup: database copied');
    const organizations = await copyWarehouses(
      config.dataDir,
      path.join(data, 'warehouse'),
      connection.ownerUrl,
      log,
    );
    const postgres: Manifest['postgres'] = { kind: 'embedded', server_version: copied.serverVersion };
    return { postgres, organizations };
  });
}

/** DATABASE_URL's tables (postgres-logical.ts), then the warehouse files, in the same order. */
async function backupConfigured(databaseUrl: string, dataDir: string, data: string, log: Logger) {
  const into = path.join(data, 'postgres');
  await mkdir(into);
  const postgres = await dumpConfiguredPostgres(databaseUrl, into);
  log.info({ migration: postgres.migration.tag, tables: postgres.tables.length }, 'backup: database copied');
  const organizations = await copyWarehouses(dataDir, path.join(data, 'warehouse'), databaseUrl, log);
  return { postgres, organizations };
}

/**
 * Each organization's DuckDB file, checkpointed and copied while held; a process keeping it open
 * is asked to let go through the same PostgreSQL channel the app's processes use.
 */
async function copyWarehouses(dataDir: string, into: string, ownerUrl: string, log: Logger): Promise<number> {
  const folder = path.join(dataDir, 'warehouse');
  const files = existsSync(folder)
    ? (await readdir(folder)).filter((name) => name.endsWith('.duckdb')).sort()
    : [];
  await mkdir(into, { recursive: true });
  if (files.length === 0) return 0;
  const borrowed = await borrowWarehouseFiles({ ownerUrl, lockWaitMs: FILE_WAIT_MS, log });
  try {
    for (const name of files) {
      const file = path.join(folder, name);
      await withDuckDbCheckpointed(file, borrowed.sharing, () => copyFile(file, path.join(into, name)));
      log.info({ file: name }, 'backup: warehouse file copied');
    }
  } finally {
    await borrowed.close();
  }
  return files.length;
}

/** The rest of the data folder (the generated secret key, the development mail outbox). */
async function copyOtherFiles(dataDir: string, into: string): Promise<void> {
  if (!existsSync(dataDir)) return;
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (entry.name === 'postgres' || entry.name === 'warehouse') continue;
    await cp(path.join(dataDir, entry.name), path.join(into, entry.name), { recursive: true });
  }
}
