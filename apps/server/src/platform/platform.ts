import type { Config } from './config';
import type { DatabaseHandle } from './database';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
import type { RateLimiter } from './ratelimit/limiter';
import type { Secrets } from './secrets';
import type { Vault } from './vault';
import type { WarehouseFiles } from './warehouse-files';

/** The dependencies every module receives as one typed object (DESIGN.md style 3). */
export type Platform = {
  config: Config;
  secrets: Secrets;
  database: DatabaseHandle;
  jobs: Jobs;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Encrypts secrets at rest (source credentials). */
  vault: Vault;
  /** The managed DuckDB files: kept open between requests, handed over to other processes. */
  warehouseFiles: WarehouseFiles;
};
