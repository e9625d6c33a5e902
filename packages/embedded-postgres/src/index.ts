export {
  startEmbeddedPostgres,
  withoutValue,
  type EmbeddedDatabase,
  type EmbeddedLogger,
  type EmbeddedOptions,
} from './embedded';
