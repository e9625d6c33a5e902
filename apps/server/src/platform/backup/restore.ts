// `npm run restore`: a backup archive laid down as a new data folder. It refuses a folder that is
// not empty and an archive that is damaged, truncated or made with another secret, and then has
// changed nothing: the archive is unpacked and checked in a scratch folder beside DATA_DIR, and
// moved into place only whole. The next start replays the database's WAL (backup.ts).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { restoreEmbeddedPostgres } from '@maya/embedded-postgres';
import type { Config } from '../config';
import { secretKeyFile, secretsFrom } from '../secrets';
import { BackupError, DATA, unpackArchive, type Manifest } from './archive';
import { secretFingerprint } from './backup';

export type RestoreSummary = { dataDir: string; createdAt: string; organizations: number };

export async function restoreBackup(config: Config, archive: string): Promise<RestoreSummary> {
  const source = path.resolve(archive);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist. Nothing was restored.`);
  if (config.databaseUrl)
    throw new BackupError(
      'DATABASE_URL is set: npm run restore lays down the embedded database; restore that PostgreSQL ' +
        'with its own tools (docs/operations.md, Backup and recovery). Nothing was restored.',
    );
  const dataDir = config.dataDir;
  await refuseNonEmpty(dataDir);
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, '.maya-restore-'));
  try {
    const manifest = await unpackArchive(source, staging);
    const data = path.join(staging, DATA);
    await checkSecret(config, manifest, data);
    // Checked again: a server may have been started on the folder meanwhile.
    await refuseNonEmpty(dataDir);
    if (existsSync(dataDir)) await rmdir(dataDir);
    const rest = path.join(staging, 'rest');
    await rename(data, rest);
    await mkdir(dataDir, { mode: 0o755 });
    for (const name of await readdir(rest)) {
      if (name !== 'postgres') await rename(path.join(rest, name), path.join(dataDir, name));
    }
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
