import { BackupError } from './platform/backup/archive';
import { restoreBackup } from './platform/backup/restore';
import { readConfig } from './platform/process';

/**
 * `npm run restore -- <file.tar.gz>`: a backup laid down as DATA_DIR, which must be empty or
 * missing; then `npm start` on it (docs/operations.md, Backup and recovery).
 */
async function restore(): Promise<void> {
  const config = readConfig();
  const archive = process.argv[2];
  if (!archive) throw new BackupError('say which archive to restore: npm run restore -- <file.tar.gz>');
  const summary = await restoreBackup(config, archive);
  process.stdout.write(
    `Restored the backup of ${summary.createdAt} (${summary.organizations} warehouse files) into ` +
      `${summary.dataDir}. Start the app on it: DATA_DIR=${summary.dataDir} npm start\n`,
  );
}

restore().catch((error: unknown) => {
  if (error instanceof BackupError) process.stderr.write(`npm run restore: ${error.message}\n`);
  else process.stderr.write(`The restore failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
