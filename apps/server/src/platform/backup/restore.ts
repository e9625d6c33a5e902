// `npm run restore`: a backup archive laid down as a new data folder. It refuses a folder that is
// not empty and an archive that is damaged, truncated or made with another secret, and then has
// changed nothing: the archive is unpacked and checked in a scratch folder beside DATA_DIR, and
// moved into place only whole. The next start replays the embedded database's WAL (backup.ts);
// a configured one (DATABASE_URL, which must be an empty database) is loaded in one transaction
// before the files are moved (postgres-logical.ts).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { restoreEmbeddedPostgres } from '@maya/embedded-postgres';
import type { Config } from '../config';
import { secretKeyFile, secretsFrom } from '../secrets';
import { BackupError, DATA, unpackArchive, type Manifest } from './archive';
import { secretFingerprint } from './backup';
import { loadConfiguredPostgres, refuseNonEmptyDatabase } from './postgres-logical';

export type RestoreSummary = { dataDir: string; createdAt: string; organizations: number };

export async function restoreBackup(config: Config, archive: string): Promise<RestoreSummary> {
  const source = path.resolve(archive);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist. Nothing was restored.`);
  const dataDir = config.dataDir;
  await refuseNonEmpty(dataDir);
  if (config.databaseUrl) await refuseNonEmptyDatabase(config.databaseUrl);
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, '.maya-restore-'));
  try {
    const manifest = await unpackArchive(source, staging);
    const data = path.join(staging, DATA);
    await checkSecret(config, manifest, data);
    checkKind(config, manifest);
    // Checked again: a server may have been started on the folder meanwhile.
    await refuseNonEmpty(dataDir);
    // The configured database first, in one transaction: a failure there leaves both untouched.
    if (config.databaseUrl && manifest.postgres.kind === 'configured')
      await loadConfiguredPostgres(config.databaseUrl, path.join(data, 'postgres'), manifest.postgres);
    if (existsSync(dataDir)) await rmdir(dataDir);
    const rest = path.join(staging, 'rest');
    await rename(data, rest);
    await mkdir(dataDir, { mode: 0o755 });
    for (const name of await readdir(rest)) {
      if (name !== 'postgres') await rename(path.join(rest, name), path.join(dataDir, name));
    }
    if (manifest.postgres.kind === 'embedded')
      await restoreEmbeddedPostgres(path.join(rest, 'postgres'), dataDir);
    return { dataDir, createdAt: manifest.created_at, organizations: manifest.organizations };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function refuseNonEmpty(dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) return;
  const entries = await readdir(dataDir).catch(() => null);
  if (entries === null) throw new BackupError(`${dataDir} is not a folder. Nothing was restored.`);
  if (entries.length > 0)
    throw new BackupError(
      `${dataDir} is not empty: restore only into an empty data folder (set DATA_DIR to a new one). ` +
        'Nothing was restored.',
    );
}

/** An archive restores into the kind of database it was taken from. */
function checkKind(config: Config, manifest: Manifest): void {
  if (manifest.postgres.kind === 'configured' && !config.databaseUrl)
    throw new BackupError(
      'This backup is of a configured PostgreSQL (DATABASE_URL): set DATABASE_URL to an empty database ' +
        'to restore it into. Nothing was restored.',
    );
  if (manifest.postgres.kind === 'embedded' && config.databaseUrl)
    throw new BackupError(
      'This backup is of the embedded PostgreSQL: unset DATABASE_URL to restore it into DATA_DIR. ' +
        'Nothing was restored.',
    );
}

/** The data is sealed with the root secret: restoring it under another one would lock it away. */
async function checkSecret(config: Config, manifest: Manifest, data: string): Promise<void> {
  const restored = manifest.secret_key_included ? (await readFile(secretKeyFile(data), 'utf8')).trim() : null;
  const root = config.secretKey ?? restored;
  if (root === null)
    throw new BackupError(
      'This backup was made with SECRET_KEY set: set the same SECRET_KEY to restore it. Nothing was restored.',
    );
  if (secretFingerprint(secretsFrom(root)) !== manifest.secret_fingerprint)
    throw new BackupError(
      'SECRET_KEY is not the one this backup was made with (the database passwords and stored ' +
        'credentials are sealed with it): set that one. Nothing was restored.',
    );
}
