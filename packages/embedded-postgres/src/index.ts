export {
  startEmbeddedPostgres,
  withoutValue,
  type EmbeddedDatabase,
  type EmbeddedLogger,
  type EmbeddedOptions,
} from './embedded';
export {
  backupEmbeddedPostgres,
  restoreEmbeddedPostgres,
  runningPostmaster,
  withEmbeddedPostgres,
  type EmbeddedAccess,
  type EmbeddedConnection,
} from './backup';
