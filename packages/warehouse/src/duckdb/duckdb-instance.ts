import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { WarehouseError, errorMessage } from '../errors';
import { createSerialQueue, type SerialQueue } from '../serial-queue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The DuckDB file of one organization: `<dataDir>/warehouse/<organizationId>.duckdb`. The id
 * must be a UUID (it becomes a file name); the folder is created when missing.
 */
export function duckDbFileFor(dataDir: string, organizationId: string): string {
  if (typeof organizationId !== 'string' || !UUID.test(organizationId)) {
    throw new WarehouseError(
      'invalid_identifier',
      `organization id ${JSON.stringify(organizationId)} is not a UUID`,
    );
  }
  const folder = join(dataDir, 'warehouse');
  mkdirSync(folder, { recursive: true });
  return join(folder, `${organizationId.toLowerCase()}.duckdb`);
}

export type DuckDbSettings = {
  /** Directories queries and loads may read files from (e.g. CSV imports); none by default. */
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
};

type Entry = { shared: SharedDuckDb; refs: number; settings: string; closing: Promise<void> | null };

// Process-wide by necessity: it guards the file, which is itself process-wide.
const openFiles = new Map<string, Promise<Entry>>();

export async function acquireDuckDb(file: string, settings: DuckDbSettings): Promise<SharedDuckDb> {
  const path = resolve(file);
  const key = JSON.stringify(settings);
  for (;;) {
    let pending = openFiles.get(path);
    if (pending === undefined) {
      pending = openEntry(path, settings, key);
      openFiles.set(path, pending);
      pending.catch(() => openFiles.delete(path));
    }
    const entry = await pending;
    if (entry.closing !== null) {
      await entry.closing;
      continue;
    }
    if (entry.settings !== key) {
      throw new WarehouseError('engine_error', `${path} is already open with other settings`);
    }
    entry.refs += 1;
    return entry.shared;
  }
}

/** Gives back a handle's share; the last one out waits for pending writes and closes the file. */
export async function releaseDuckDb(file: string, shared: SharedDuckDb): Promise<void> {
  const path = resolve(file);
  const entry = await openFiles.get(path);
  if (entry === undefined || entry.shared !== shared || entry.closing !== null) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  entry.closing = (async () => {
    try {
      await shared.writes.idle();
      shared.writer.closeSync();
      shared.instance.closeSync();
    } finally {
      openFiles.delete(path);
    }
  })();
  await entry.closing;
}

async function openEntry(path: string, settings: DuckDbSettings, key: string): Promise<Entry> {
  const config: Record<string, string> = {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  };
  if (settings.memoryLimit !== null) config.memory_limit = settings.memoryLimit;
  if (settings.threads !== null) config.threads = String(settings.threads);
  let instance: DuckDBInstance | null = null;
  try {
    instance = await DuckDBInstance.create(path, config);
    const writer = await instance.connect();
    // Queries come from reports and AI assistants: no files outside the allowed directories,
    // no network, only built-in extensions, and no changing that afterwards. (Set here rather
    // than in `config`: allowed_directories cannot be given there, nor after access is off.)
    if (settings.allowedDirectories.length > 0) {
      const list = settings.allowedDirectories.map((d) => `'${resolve(d).replaceAll("'", "''")}'`);
      await writer.run(`SET allowed_directories = [${list.join(', ')}]`);
    }
    await writer.run('SET enable_external_access = false');
    await writer.run('SET lock_configuration = true');
    return {
      shared: { instance, writer, writes: createSerialQueue() },
      refs: 0,
      settings: key,
      closing: null,
    };
  } catch (error) {
    instance?.closeSync();
    throw new WarehouseError('engine_error', `cannot open ${path}: ${errorMessage(error)}`, { cause: error });
  }
}
