import { mkdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { WarehouseError, errorMessage } from '../errors';
import { createSerialQueue, type SerialQueue } from '../serial-queue';
import { createDuckDbReaders, type DuckDbReaders } from './duckdb-readers';
import { loadDirectoryOf, resetLoadDirectory } from './duckdb-spool';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The DuckDB file of one organization: `<dataDir>/warehouse/<organizationId>.duckdb`. The id
 * must be a UUID (it becomes a file name); the folder is created when missing. Every report
 * request asks for its file: one this process has open is in a folder that exists, and skips
 * the two system calls of making it again (about 20 µs on this project's machines).
 */
export function duckDbFileFor(dataDir: string, organizationId: string): string {
  if (typeof organizationId !== 'string' || !UUID.test(organizationId)) {
    throw new WarehouseError(
      'invalid_identifier',
      `organization id ${JSON.stringify(organizationId)} is not a UUID`,
    );
  }
  const folder = join(dataDir, 'warehouse');
  const file = join(folder, `${organizationId.toLowerCase()}.duckdb`);
  if (!openFiles.has(resolve(file))) mkdirSync(folder, { recursive: true });
  return file;
}

export type DuckDbSettings = {
  /** Directories queries and loads may read files from besides the load directory; none by default. */
  allowedDirectories: string[];
  /** DuckDB's `memory_limit` (e.g. `'2GB'`); null for DuckDB's default. */
  memoryLimit: string | null;
  /** DuckDB's `threads`; null for DuckDB's default. */
  threads: number | null;
};

/**
 * One open database file, shared by every handle on it in this process: DuckDB must not open
 * one file twice. Writes go through the single `writer` connection, one at a time.
 */
export type SharedDuckDb = {
  readonly instance: DuckDBInstance;
  readonly writer: DuckDBConnection;
  readonly writes: SerialQueue;
  /** Connections for queries, kept idle between them. */
  readonly readers: DuckDbReaders;
  /** Where loads spool text for the engine's CSV reader (duckdb-spool.ts). */
  readonly loadDirectory: string;
};

/**
 * How a process shares files with the others. DuckDB lets one process open a file at a time;
 * keeping it open after the last handle spares the next request starting an engine on a cold
 * buffer pool (20–35 ms over a 10-million-row table, bench/report.ts), so a process that needs a
 * file another one keeps asks it to let go (`onLocked`) and tries again for a while.
 */
export type DuckDbSharing = {
  /** How long the file stays open after its last handle, in ms; 0 closes it at once. */
  keepOpenMs: number;
  /** How long to keep trying to open a file another process holds, in ms; 0 fails at once. */
  lockWaitMs: number;
  /** Asks the process that holds `file` to close it (`releaseDuckDb` there); at most once a second. */
  onLocked?: (file: string) => void | Promise<void>;
  /** The time and the pause between attempts on a locked file; tests hand in their own. */
  clock?: WaitClock;
};

export type WaitClock = { now(): number; sleep(ms: number): Promise<void> };

const realClock: WaitClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
};

export const CLOSE_AT_ONCE: DuckDbSharing = { keepOpenMs: 0, lockWaitMs: 0 };

type Entry = {
  shared: SharedDuckDb;
  refs: number;
  settings: string;
  closing: Promise<void> | null;
  keepOpenMs: number;
  /** The close scheduled after the last handle; null while in use or closing. */
  idleTimer: NodeJS.Timeout | null;
  /** Another process asked for the file: close when the last handle goes, not later. */
  released: boolean;
};

// Process-wide by necessity: it guards the file, which is itself process-wide.
const openFiles = new Map<string, Promise<Entry>>();

export async function acquireDuckDb(
  file: string,
  settings: DuckDbSettings,
  sharing: DuckDbSharing = CLOSE_AT_ONCE,
): Promise<SharedDuckDb> {
  const path = resolve(file);
  const key = JSON.stringify(settings);
  for (;;) {
    let pending = openFiles.get(path);
    if (pending === undefined) {
      pending = openEntry(path, settings, key, sharing);
      openFiles.set(path, pending);
      pending.catch(() => openFiles.delete(path));
    }
    const entry = await pending;
    if (entry.closing !== null) {
      await entry.closing;
      continue;
    }
    if (entry.settings !== key) {
      // Kept open for nobody: open it again with these settings.
      if (entry.refs === 0) {
        await closeEntry(path, entry);
        continue;
      }
      throw new WarehouseError('engine_error', `${path} is already open with other settings`);
    }
    if (entry.idleTimer !== null) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    entry.keepOpenMs = Math.max(entry.keepOpenMs, sharing.keepOpenMs);
    entry.refs += 1;
    return entry.shared;
  }
}

/**
 * Gives back a handle's share. The last one out keeps the file open for `keepOpenMs`, then
 * waits for pending writes and closes it; at once when asked to let go or kept for no time.
 */
export async function releaseDuckDb(file: string, shared: SharedDuckDb): Promise<void> {
  const path = resolve(file);
  const entry = await openFiles.get(path);
  if (entry === undefined || entry.shared !== shared || entry.closing !== null) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  if (entry.released || entry.keepOpenMs <= 0) return closeEntry(path, entry);
  entry.idleTimer = setTimeout(() => void closeEntry(path, entry).catch(() => undefined), entry.keepOpenMs);
  // A file kept open must not keep the process alive.
  entry.idleTimer.unref();
}

/**
 * Another process needs `file`: closes it now when no handle uses it, else when the last one
 * goes. Does nothing for a file this process has not open.
 */
export async function letGoOfDuckDb(file: string): Promise<void> {
  const path = resolve(file);
  const pending = openFiles.get(path);
  if (pending === undefined) return;
  const entry = await pending.catch(() => null);
  if (entry === null || entry.closing !== null) return;
  entry.released = true;
  if (entry.refs === 0) await closeEntry(path, entry);
}

/** Closes every file under `folder` no handle uses (at shutdown); the others close with their last handle. */
export async function closeIdleDuckDbs(folder: string): Promise<void> {
  const prefix = resolve(folder);
  const files = [...openFiles.keys()].filter((path) => path.startsWith(prefix));
  await Promise.all(files.map((path) => letGoOfDuckDb(path)));
}

function closeEntry(path: string, entry: Entry): Promise<void> {
  if (entry.closing !== null) return entry.closing;
  if (entry.idleTimer !== null) clearTimeout(entry.idleTimer);
  entry.idleTimer = null;
  const { shared } = entry;
  entry.closing = (async () => {
    try {
      await shared.writes.idle();
      await shared.readers.close();
      shared.writer.closeSync();
      shared.instance.closeSync();
    } finally {
      openFiles.delete(path);
    }
  })();
  return entry.closing;
}

async function openEntry(
  path: string,
  settings: DuckDbSettings,
  key: string,
  sharing: DuckDbSharing,
): Promise<Entry> {
  const instance = await createInstance(path, settings, sharing);
  try {
    // The engine holds the file's lock now: spools in its load directory are a dead load's.
    const loadDirectory = loadDirectoryOf(path);
    resetLoadDirectory(loadDirectory);
    const writer = await instance.connect();
    // Queries come from reports and AI assistants: no files outside the allowed directories
    // (the load directory, which holds only this file's own rows while they load: decision 800),
    // no network, only built-in extensions, and no changing that afterwards. (Set here rather
    // than in `config`: allowed_directories cannot be given there, nor after access is off.)
    // The load directory with its separator: a directory, not a prefix of other names.
    const list = [...settings.allowedDirectories.map((d) => resolve(d)), resolve(loadDirectory) + sep].map(
      (d) => `'${d.replaceAll("'", "''")}'`,
    );
    await writer.run(`SET allowed_directories = [${list.join(', ')}]`);
    await writer.run('SET enable_external_access = false');
    await writer.run('SET lock_configuration = true');
    return {
      shared: {
        instance,
        writer,
        writes: createSerialQueue(),
        readers: createDuckDbReaders(instance),
        loadDirectory,
      },
      refs: 0,
      settings: key,
      closing: null,
      keepOpenMs: sharing.keepOpenMs,
      idleTimer: null,
      released: false,
    };
  } catch (error) {
    instance.closeSync();
    throw new WarehouseError('engine_error', `cannot open ${path}: ${errorMessage(error)}`, { cause: error });
  }
}

/** DuckDB's words when another process holds the file's lock. */
const LOCKED = /Could not set lock on file/i;
const LOCK_ASK_EVERY_MS = 1000;
const LOCK_RETRY_MAX_MS = 250;

/** Starts DuckDB on the file; while another process holds it, asks it to let go and tries again. */
async function createInstance(
  path: string,
  settings: DuckDbSettings,
  sharing: DuckDbSharing,
): Promise<DuckDBInstance> {
  const config: Record<string, string> = {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  };
  if (settings.memoryLimit !== null) config.memory_limit = settings.memoryLimit;
  if (settings.threads !== null) config.threads = String(settings.threads);
  const clock = sharing.clock ?? realClock;
  const started = clock.now();
  let asked = -Infinity;
  let pause = 10;
  for (;;) {
    try {
      return await DuckDBInstance.create(path, config);
    } catch (error) {
      const waited = clock.now() - started;
      if (!LOCKED.test(errorMessage(error)) || waited >= sharing.lockWaitMs) {
        throw new WarehouseError('engine_error', `cannot open ${path}: ${errorMessage(error)}`, {
          cause: error,
        });
      }
      if (sharing.onLocked !== undefined && clock.now() - asked >= LOCK_ASK_EVERY_MS) {
        asked = clock.now();
        await Promise.resolve(sharing.onLocked(path)).catch(() => undefined);
      }
      await clock.sleep(Math.min(pause, sharing.lockWaitMs - waited));
      pause = Math.min(pause * 2, LOCK_RETRY_MAX_MS);
    }
  }
}
