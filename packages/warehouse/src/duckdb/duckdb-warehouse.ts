import { availableParallelism } from 'node:os';
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { WarehouseError, errorMessage } from '../errors';
import { assertIdentifier, qualifiedName, quoteIdentifier, stagedTableName } from '../identifiers';
import { stageCopyStatement } from '../stage-sql';
import { tableChangeStatements, validateTableSchema } from '../table-schema';
import { textBatchRows, type TextBatches, type TextLayout } from '../text-batches';
import type {
  ColumnInfo,
  LoadOptions,
  LoadResult,
  MaterializeOptions,
  QueryOptions,
  QueryParams,
  QueryResult,
  RowBatches,
  StageOptions,
  SwapOptions,
  TableSchema,
  Warehouse,
} from '../warehouse';
import {
  describeDuckDbStorage,
  describeDuckDbTable,
  listDuckDbColumns,
  listDuckDbTables,
} from './duckdb-catalog';
import { acquireDuckDb, releaseDuckDb, type DuckDbSharing } from './duckdb-instance';
import { appendAndMerge } from './duckdb-load';
import { createStagedTwin, loadStagedTwin, swapStagedTwin } from './duckdb-staging';
import { materializeDuckDb } from './duckdb-materialize';
import { runDuckDbQuery } from './duckdb-query';
import { duckDbSqlType } from '../sql-types';

export type DuckDbWarehouseOptions = {
  /** The database file, e.g. from `duckDbFileFor(dataDir, organizationId)`. */
  file: string;
  /** Directories the engine may read files from besides its own load directory; none by default. */
  allowedDirectories?: string[];
  /** DuckDB's `memory_limit`, e.g. `'2GB'`; the engine's (80% of RAM) when absent or null. */
  memoryLimit?: string | null;
  /** DuckDB's `threads`: DUCKDB_DEFAULTS' when absent, the engine's (one per core) when null. */
  threads?: number | null;
  /** Rows a load buffers before merging them into the target; 100,000 by default. */
  loadFlushRows?: number;
  /** Rows a swap's search for repeated keys hashes at a time; 1,000,000 by default (duckdb-staging.ts). */
  keyCheckRows?: number;
  /** Keeping the file open after the last handle, and waiting for another process's; neither by default. */
  sharing?: DuckDbSharing;
};

const DEFAULT_FLUSH_ROWS = 100_000;
const DEFAULT_KEY_CHECK_ROWS = 1_000_000;

/**
 * The engine's settings per open file unless the caller says. Memory stays the engine's own
 * (80% of RAM): DuckDB keeps a table's primary-key index (ART) in memory and cannot spill it,
 * so a low limit (128 MB was tried for the CSV bench, bench/README.md "CSV upload") made first
 * loads of keyed tables fail out of memory. Threads are the engine's choice (one per core) up
 * to four, past which a file's queries gain little and each thread keeps buffers of its own.
 */
export const DUCKDB_DEFAULTS: { memoryLimit: string | null; threads: number } = {
  memoryLimit: null,
  threads: Math.min(availableParallelism(), 4),
};

/**
 * Opens (creating when missing) an organization's DuckDB warehouse. Handles on the same file
 * in one process share the engine; writes are serialised, queries run concurrently on their
 * own connections. Only one process may open a file at a time (see `DuckDbSharing`).
 */
export async function openDuckDbWarehouse(options: DuckDbWarehouseOptions): Promise<Warehouse> {
  const shared = await acquireDuckDb(
    options.file,
    {
      allowedDirectories: options.allowedDirectories ?? [],
      memoryLimit: options.memoryLimit === undefined ? DUCKDB_DEFAULTS.memoryLimit : options.memoryLimit,
      threads: options.threads === undefined ? DUCKDB_DEFAULTS.threads : options.threads,
    },
    options.sharing,
  );
  const flushRows = options.loadFlushRows ?? DEFAULT_FLUSH_ROWS;
  const keyCheckRows = options.keyCheckRows ?? DEFAULT_KEY_CHECK_ROWS;
  const activeQueries = new Set<DuckDBConnection>();
  const running = new Set<Promise<unknown>>();
  let closed = false;

  function use<T>(task: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new WarehouseError('engine_error', 'the warehouse is closed'));
    const promise = task();
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => undefined);
    return promise;
  }

  function write<T>(task: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return use(() =>
      shared.writes.run(async () => {
        // Queries' kept transactions must not outlive what this changes (duckdb-readers.ts).
        await shared.readers.writing();
        try {
          return await task(shared.writer).catch(rethrow);
        } finally {
          shared.readers.written();
        }
      }),
    );
  }

  function read<T>(task: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return use(async () => {
      const reader = await shared.readers.take();
      let done = false;
      try {
        const result = await task(reader.conn).catch(rethrow);
        done = true;
        return result;
      } finally {
        if (done) shared.readers.give(reader);
        else shared.readers.discard(reader);
      }
    });
  }

  return {
    engine: 'duckdb',

    async ensureSchema(schema: string): Promise<void> {
      const name = quoteIdentifier(schema, 'schema');
      return write(async (conn) => {
        await conn.run(`CREATE SCHEMA IF NOT EXISTS ${name}`);
      });
    },

    async createTable(schema: string, table: TableSchema): Promise<void> {
      assertIdentifier(schema, 'schema');
      const declared = validateTableSchema(table);
      return write((conn) => inTransaction(conn, () => createOrAlter(conn, schema, declared)));
    },

    async dropTable(schema: string, table: string): Promise<void> {
      const name = qualifiedName(schema, table);
      return write(async (conn) => {
        await conn.run(`DROP TABLE IF EXISTS ${name}`);
      });
    },

    async loadBatch(
      schema: string,
      table: string,
      rows: RowBatches,
      opts: LoadOptions = {},
    ): Promise<LoadResult> {
      assertIdentifier(schema, 'schema');
      assertIdentifier(table, 'table');
      if (opts.staging === true) {
        const staged = stagedTableName(table);
        return write((conn) =>
          inTransaction(conn, async () => ({
            rows: await loadStagedTwin(conn, schema, table, staged, { rows }, flushRows),
          })),
        );
      }
      return write((conn) =>
        inTransaction(conn, async () => {
          const storage = await describeDuckDbStorage(conn, schema, table);
          if (storage === null) throw missingTable(schema, table);
          const definition = storage.table;
          if (definition.primaryKey.length === 0) {
            throw new WarehouseError(
              'schema_mismatch',
              `table ${schema}.${table} has no primary key to load by`,
            );
          }
          return {
            rows: await appendAndMerge(conn, schema, definition, rows, flushRows, storage.keyIndexed),
          };
        }),
      );
    },

    async loadText(
      this: Warehouse,
      schema: string,
      table: string,
      batches: TextBatches,
      layout: TextLayout,
      opts: LoadOptions = {},
    ): Promise<LoadResult> {
      if (opts.staging !== true) return this.loadBatch(schema, table, textBatchRows(batches, layout));
      assertIdentifier(schema, 'schema');
      assertIdentifier(table, 'table');
      const staged = stagedTableName(table);
      return write((conn) =>
        inTransaction(conn, async () => ({
          rows: await loadStagedTwin(
            conn,
            schema,
            table,
            staged,
            { text: batches, layout, loadDirectory: shared.loadDirectory },
            flushRows,
          ),
        })),
      );
    },

    async stage(schema: string, table: string, opts: StageOptions = {}): Promise<LoadResult> {
      assertIdentifier(schema, 'schema');
      assertIdentifier(table, 'table');
      const staged = stagedTableName(table);
      return write((conn) =>
        inTransaction(conn, async () => {
          const live = await describeDuckDbTable(conn, schema, table);
          if (live === null) throw missingTable(schema, table);
          await conn.run(`DROP TABLE IF EXISTS ${qualifiedName(schema, staged)}`);
          await createStagedTwin(conn, schema, live, staged);
          const copy = stageCopyStatement(
            schema,
            live,
            staged,
            opts.except ?? [],
            (p, type) => `CAST(${p} AS ${duckDbSqlType(type)})`,
          );
          const result = await conn.run(copy.sql, copy.values as DuckDBValue[]);
          return { rows: Number(result.rowsChanged) };
        }),
      );
    },

    async swap(
      schema: string,
      stagedTable: string,
      liveTable: string,
      opts: SwapOptions = {},
    ): Promise<void> {
      qualifiedName(schema, stagedTable);
      qualifiedName(schema, liveTable);
      if (stagedTable === liveTable) {
        throw new WarehouseError('schema_mismatch', 'the staged and live tables are the same table');
      }
      return write((conn) =>
        swapStagedTwin(conn, schema, stagedTable, liveTable, {
          inTransaction: (task) => inTransaction(conn, task),
          keysDistinct: opts.keysDistinct === true,
          keyCheckRows,
        }),
      );
    },

    async materialize(
      schema: string,
      table: TableSchema,
      selectSql: string,
      params: QueryParams = [],
      opts: MaterializeOptions = {},
    ): Promise<LoadResult> {
      assertIdentifier(schema, 'schema');
      const declared = validateTableSchema(table);
      return write((conn) =>
        inTransaction(conn, () => materializeDuckDb(conn, schema, declared, selectSql, params, opts)),
      );
    },

    async query(sql: string, params: QueryParams, opts: QueryOptions): Promise<QueryResult> {
      return use(() => runDuckDbQuery(shared.readers, activeQueries, sql, params, opts));
    },

    async listTables(schema: string): Promise<string[]> {
      assertIdentifier(schema, 'schema');
      return read((conn) => listDuckDbTables(conn, schema));
    },

    async listColumns(schema: string, table: string): Promise<ColumnInfo[]> {
      qualifiedName(schema, table);
      return read((conn) => listDuckDbColumns(conn, schema, table));
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const conn of activeQueries) conn.interrupt();
      await Promise.allSettled([...running]);
      await releaseDuckDb(options.file, shared);
    },
  };
}

async function createOrAlter(conn: DuckDBConnection, schema: string, declared: TableSchema): Promise<void> {
  const existing = await describeDuckDbTable(conn, schema, declared.name);
  for (const statement of tableChangeStatements(schema, declared, existing, duckDbSqlType))
    await conn.run(statement);
}

async function inTransaction<T>(conn: DuckDBConnection, task: () => Promise<T>): Promise<T> {
  await conn.run('BEGIN TRANSACTION');
  try {
    const result = await task();
    await conn.run('COMMIT');
    return result;
  } catch (error) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

function missingTable(schema: string, table: string): WarehouseError {
  return new WarehouseError('schema_mismatch', `table ${schema}.${table} does not exist`);
}

/** Engine errors as WarehouseErrors: data the table cannot take is a `schema_mismatch`. */
function rethrow(error: unknown): never {
  if (error instanceof WarehouseError) throw error;
  const message = errorMessage(error);
  if (/^(Conversion|Constraint) Error|Invalid Input Error: .*(JSON|cast|convert)/i.test(message)) {
    throw new WarehouseError('schema_mismatch', message, { cause: error });
  }
  throw new WarehouseError('engine_error', message, { cause: error });
}
