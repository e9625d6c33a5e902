import Fastify from 'fastify';
import { BackupError } from './platform/backup/archive';
import { createBackup } from './platform/backup/backup';
import { loggerOptions } from './platform/logger';
import { readConfig } from './platform/process';
import { loadSecrets } from './platform/secrets';

/**
 * `npm run backup [-- <file.tar.gz>]`: the data folder's database and warehouse files in one
 * archive, while the app runs or not (docs/operations.md, Backup and recovery).
 */
async function backup(): Promise<void> {
  const config = readConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const archive = process.argv[2] ?? `maya-backup-${stamp}.tar.gz`;
  const log = Fastify(loggerOptions(config)).log;
  const started = performance.now();
  const summary = await createBackup(config, await loadSecrets(config), archive, log);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Backed up ${config.dataDir} (the database and ${summary.organizations} warehouse files) to ` +
      `${summary.archive}: ${(summary.bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds} s.\n`,
  );
}

backup().catch((error: unknown) => {
  if (error instanceof BackupError) process.stderr.write(`npm run backup: ${error.message}\n`);
  else process.stderr.write(`The backup failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
