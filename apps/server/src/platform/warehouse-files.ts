// The managed DuckDB warehouse files under DATA_DIR, shared with the other processes on the same
// data folder (`npm run worker`, a second API process). DuckDB lets one process open a file at a
// time; this process keeps a file open a while after its last request (a report's next visual
// then finds the engine and its buffer pool warm), and lets go when another process asks for it
// through PostgreSQL's LISTEN/NOTIFY on the database every process shares.
import path from 'node:path';
import { closeIdleDuckDbs, letGoOfDuckDb, type DuckDbSharing } from '@maya/warehouse';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { listenTo } from './pg-listen';

/** The channel on which a process asks the others to let go of a warehouse file (its path). */
export const WAREHOUSE_RELEASE_CHANNEL = 'maya_warehouse_release';
/** How long a process waits for another to let go of a file before the request fails. */
const LOCK_WAIT_MS = 15_000;

export type WarehouseFiles = {
  /** What `openDuckDbWarehouse` gets for an organization's managed file. */
  readonly sharing: DuckDbSharing;
  /** Stops listening and closes the files no request uses (the others close with their last). */
  close(): Promise<void>;
};

export async function startWarehouseFiles(options: {
  dataDir: string;
  keepOpenSeconds: number;
  ownerUrl: string;
  log: Logger;
}): Promise<WarehouseFiles> {
  const folder = path.join(path.resolve(options.dataDir), 'warehouse') + path.sep;
  const { log } = options;
  const listener = await listenTo({
    url: options.ownerUrl,
    channel: WAREHOUSE_RELEASE_CHANNEL,
    applicationName: 'maya-warehouse-files',
    log,
    onNotification: (file) => {
      // Only files of this data folder: a payload names a path this process will close.
      if (!file.startsWith(folder)) return;
      letGoOfDuckDb(file).catch((error: unknown) =>
        log.warn({ err: error, file }, 'could not close a warehouse file'),
      );
    },
  });
  return {
    sharing: {
      keepOpenMs: options.keepOpenSeconds * 1000,
      lockWaitMs: LOCK_WAIT_MS,
      onLocked: (file) => listener.notify(file),
    },
    async close() {
      await listener.close();
      await closeIdleDuckDbs(folder);
    },
  };
}

/**
 * For a process that only borrows files (a backup, a test reading a warehouse): DuckDB sharing
 * that asks the app's processes to let go of a file it needs, and keeps none open afterwards.
 */
export async function borrowWarehouseFiles(options: {
  ownerUrl: string;
  lockWaitMs: number;
  log: Logger;
}): Promise<{ sharing: DuckDbSharing; close(): Promise<void> }> {
  const listener = await listenTo({
    url: options.ownerUrl,
    channel: WAREHOUSE_RELEASE_CHANNEL,
    applicationName: 'maya-borrow-warehouse',
    log: options.log,
    onNotification: () => undefined,
  });
  return {
    sharing: { keepOpenMs: 0, lockWaitMs: options.lockWaitMs, onLocked: (file) => listener.notify(file) },
    close: () => listener.close(),
  };
}
