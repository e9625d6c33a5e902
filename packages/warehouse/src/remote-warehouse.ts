import {
  countStatement,
  duplicateKeysStatement,
  loadTableName,
  withoutTrailingSemicolons,
} from './backtick-sql';
import { WarehouseError, errorMessage } from './errors';
import { stagedTableName } from './identifiers';
import { createRowReader } from './load-rows';
import { materializeSelect } from './materialize-sql';
import {
  checkQueryOptions,
  leadingKeyword,
  looksLikeWrite,
  looksReadOnly,
  readOnlyViolation,
} from './read-only-sql';
import { createRemoteLifecycle, type AbortReason } from './remote-lifecycle';
import { validateTableSchema } from './table-schema';
import { textBatchRows, type TextBatches, type TextLayout } from './text-batches';
import type { LoadValue } from './values';
import type {
  ColumnInfo,
  LoadOptions,
  LoadResult,
  QueryColumn,
  QueryOptions,
  QueryParams,
  QueryResult,
  Row,
  RowBatches,
  RowCondition,
  StageOptions,
  TableSchema,
  Warehouse,
  WarehouseEngine,
} from './warehouse';

/** Where an engine error happened: loads, DDL and catalog lookups, or a caller's read-only query. */
export type RemoteErrorContext = 'write' | 'query';

/** An engine's failure as a WarehouseError with a type the caller can act on. */
export type MapError = (error: unknown, context: RemoteErrorContext) => WarehouseError;

/** The rows of one load on their way to its load table, sent a chunk at a time. */
export type LoadChunks = {
  /** Adds one row (its values in column order, its order number); true when the chunk is full. */
  add(values: readonly (LoadValue | null)[], order: number): boolean;
  /** Whether rows were added since the last send. */
  pending(): boolean;
  /** Sends the rows added since the last send to the load table. */
  send(): Promise<void>;
};

/** A query's rows as fetched: at most the cap asked for, `totalRows` as many as it produced. */
export type FetchedRows = { columns: QueryColumn[]; rows: Row[]; totalRows: number };

/**
 * What differs between the remote engines (BigQuery, Databricks), as the adapter gives it to
 * `openRemoteWarehouse`: `Statement` is the engine's SQL with its bound parameters, `Checked`
 * what its read-only check of a query learns. `container` turns the product's schema into the
 * engine's (a prefixed dataset, a schema of the configured catalog), validated; every other
 * member takes what it returns.
 */
export type RemoteEngine<Statement, Checked> = {
  engine: WarehouseEngine;

  // The engine's SQL (pure functions; identifiers are validated where they are quoted).
  container(schema: string): string;
  /** The quoted name of a table, both parts validated. */
  tableName(container: string, table: string): string;
  createSchemaSql(container: string): string;
  tableChangeSql(container: string, declared: TableSchema, existing: TableSchema | null): string[];
  dropTableSql(container: string, table: string): string;
  stageSql(container: string, live: TableSchema, staged: string, except: readonly RowCondition[]): Statement;
  /** Replaces live by a copy of staged (the flow drops staged afterwards). */
  swapSql(container: string, staged: TableSchema, live: string): string;
  /** An empty table of the definition, replacing any table of its name. */
  createEmptySql(container: string, definition: TableSchema): string;
  materializeInsertSql(container: string, staged: string, table: TableSchema, select: string): string;
  createLoadTableSql(container: string, load: string, table: TableSchema): string;
  mergeSql(container: string, target: string, load: string, table: TableSchema): string;
  /** The product's placeholders bound as the engine's named parameters. */
  bindQuery(sql: string, params: QueryParams): Statement;
  tableFromDescription(name: string, rows: Row[]): TableSchema | null;
  columnsFromDescription(rows: Row[]): ColumnInfo[];

  // The calls to the engine's client.
  /** Runs a statement of a write or a catalog lookup, a failure mapped as `write`. */
  run(statement: Statement | string): Promise<unknown>;
  /** The `n` of a `SELECT COUNT(*) AS n` statement. */
  count(sql: string): Promise<number>;
  /** Runs a materialize's INSERT: the rows it wrote when the engine says, else null (counted). */
  insert(statement: Statement): Promise<number | null>;
  /** A table's description rows (`tableFromDescription`); none when it does not exist. */
  describeRows(container: string, table: string): Promise<Row[]>;
  listTables(container: string): Promise<string[]>;
  openLoad(container: string, load: string, table: TableSchema): LoadChunks;
  /**
   * The engine's word that the statement is one read-only query (nothing runs); unmapped
   * failures, which the flow reads as a `read_only_violation` when the query looks like a write.
   */
  checkQuery(statement: Statement, signal?: AbortSignal): Promise<Checked>;
  /** Runs a checked query; unmapped failures. `maxRows` is the cap to fetch (null: all). */
  runQuery(
    statement: Statement,
    checked: Checked,
    limits: { timeoutMs: number; signal: AbortSignal; maxRows: number | null },
  ): Promise<FetchedRows>;
  mapError: MapError;
  /** Releases the client once every call has ended. */
  close(): Promise<void>;
};

/** The promise, its failure mapped as the engine's error of a write (loads, DDL, catalog lookups). */
export function mappedAsWrite<T>(promise: Promise<T>, mapError: MapError): Promise<T> {
  return promise.catch((error: unknown) => {
    throw mapError(error, 'write');
  });
}

/**
 * The Warehouse over a remote engine, the same flow for each: loads sent to a fresh load table
 * and merged by primary key in one MERGE; a missing staged twin created from live on its first
 * load; stage and swap as `CREATE OR REPLACE TABLE ... AS SELECT`; materialize into a staged
 * twin checked for repeated keys before it is swapped in; queries checked by the engine as
 * read-only before they run. Lifecycle as in remote-lifecycle.ts.
 */
export function openRemoteWarehouse<Statement, Checked>(engine: RemoteEngine<Statement, Checked>): Warehouse {
  const life = createRemoteLifecycle();
  let closed = false;

  async function describe(where: string, table: string): Promise<TableSchema | null> {
    return engine.tableFromDescription(table, await engine.describeRows(where, table));
  }

  async function existing(where: string, table: string): Promise<TableSchema> {
    const found = await describe(where, table);
    if (found === null) throw missingTable(where, table);
    return found;
  }

  async function dropQuietly(where: string, table: string): Promise<void> {
    await engine.run(engine.dropTableSql(where, table)).catch(() => undefined);
  }

  async function checkQuery(statement: Statement, original: string, signal?: AbortSignal) {
    return engine.checkQuery(statement, signal).catch((error: unknown) => {
      if (!(error instanceof WarehouseError) && looksLikeWrite(original))
        throw readOnlyViolation(errorMessage(error));
      throw error;
    });
  }

  /** Sends the rows to a fresh load table in chunks and merges them into `target` at once. */
  async function loadRows(where: string, target: TableSchema, batches: RowBatches): Promise<number> {
    const readRow = createRowReader(target);
    const load = loadTableName();
    const chunks = engine.openLoad(where, load, target);
    let created = false;
    let total = 0;
    let batchNumber = 0;
    const flush = async () => {
      if (!chunks.pending()) return;
      if (!created) {
        await engine.run(engine.createLoadTableSql(where, load, target));
        created = true;
      }
      await chunks.send();
    };
    try {
      for await (const batch of batches) {
        batchNumber += 1;
        if (!Array.isArray(batch)) {
          throw new WarehouseError('schema_mismatch', `batch ${batchNumber} is not an array of rows`);
        }
        for (let r = 0; r < batch.length; r += 1) {
          const values = readRow(batch[r], () => `batch ${batchNumber}, row ${r + 1}`);
          total += 1;
          if (chunks.add(values, total)) await flush();
        }
      }
      await flush();
      if (created) await engine.run(engine.mergeSql(where, target.name, load, target));
      return total;
    } finally {
      // Never left behind on purpose (BigQuery's expires within a day if this drop fails).
      if (created) await dropQuietly(where, load);
    }
  }

  /** Replaces live by staged in one statement, then drops staged. */
  async function swapIn(where: string, staged: TableSchema, live: string): Promise<void> {
    await engine.run(engine.swapSql(where, staged, live));
    await engine.run(engine.dropTableSql(where, staged.name));
  }

  return {
    engine: engine.engine,

    async ensureSchema(schema: string): Promise<void> {
      const sql = engine.createSchemaSql(engine.container(schema));
      await life.write(() => engine.run(sql));
    },

    async createTable(schema: string, table: TableSchema): Promise<void> {
      const where = engine.container(schema);
      const declared = validateTableSchema(table);
      await life.write(async () => {
        for (const sql of engine.tableChangeSql(where, declared, await describe(where, declared.name))) {
          await engine.run(sql);
        }
      });
    },

    async dropTable(schema: string, table: string): Promise<void> {
      const sql = engine.dropTableSql(engine.container(schema), table);
      await life.write(() => engine.run(sql));
    },

    async loadBatch(
      schema: string,
      table: string,
      rows: RowBatches,
      opts: LoadOptions = {},
    ): Promise<LoadResult> {
      const where = engine.container(schema);
      engine.tableName(where, table);
      const target = opts.staging === true ? stagedTableName(table) : table;
      return life.write(async () => {
        let definition = await describe(where, target);
        let createdStaged = false;
        if (definition === null && opts.staging === true) {
          definition = { ...(await existing(where, table)), name: target };
          for (const sql of engine.tableChangeSql(where, definition, null)) await engine.run(sql);
          createdStaged = true;
        }
        if (definition === null) throw missingTable(where, target);
        if (definition.primaryKey.length === 0) {
          throw new WarehouseError(
            'schema_mismatch',
            `table ${where}.${target} has no primary key to load by`,
          );
        }
        try {
          return { rows: await loadRows(where, definition, rows) };
        } catch (error) {
          if (createdStaged) await dropQuietly(where, target);
          throw error;
        }
      });
    },

    async loadText(
      this: Warehouse,
      schema: string,
      table: string,
      batches: TextBatches,
      layout: TextLayout,
      opts: LoadOptions = {},
    ): Promise<LoadResult> {
      return this.loadBatch(schema, table, textBatchRows(batches, layout), opts);
    },

    async stage(schema: string, table: string, opts: StageOptions = {}): Promise<LoadResult> {
      const where = engine.container(schema);
      const staged = stagedTableName(table);
      return life.write(async () => {
        await engine.run(engine.stageSql(where, await existing(where, table), staged, opts.except ?? []));
        return { rows: await engine.count(countStatement(engine.tableName(where, staged))) };
      });
    },

    async swap(schema: string, stagedTable: string, liveTable: string): Promise<void> {
      const where = engine.container(schema);
      engine.tableName(where, stagedTable);
      engine.tableName(where, liveTable);
      if (stagedTable === liveTable) {
        throw new WarehouseError('schema_mismatch', 'the staged and live tables are the same table');
      }
      await life.write(async () => swapIn(where, await existing(where, stagedTable), liveTable));
    },

    async materialize(
      schema: string,
      table: TableSchema,
      selectSql: string,
      params: QueryParams = [],
    ): Promise<LoadResult> {
      const where = engine.container(schema);
      const declared = validateTableSchema(table);
      const staged = { ...declared, name: stagedTableName(declared.name) };
      const select = materializeSelect(selectSql);
      const insert = engine.bindQuery(
        engine.materializeInsertSql(where, staged.name, declared, select),
        params,
      );
      const stagedName = engine.tableName(where, staged.name);
      return life.write(async () => {
        await mappedAsWrite(checkQuery(engine.bindQuery(select, params), select), engine.mapError);
        await engine.run(engine.createEmptySql(where, staged));
        try {
          const inserted = await engine.insert(insert);
          const duplicates = await engine.count(duplicateKeysStatement(stagedName, staged));
          if (duplicates > 0) {
            throw new WarehouseError(
              'schema_mismatch',
              `the query gives ${duplicates} primary-key values of table "${declared.name}" more than once`,
            );
          }
          const rows = inserted ?? (await engine.count(countStatement(stagedName)));
          await swapIn(where, staged, declared.name);
          return { rows };
        } catch (error) {
          await dropQuietly(where, staged.name);
          throw error;
        }
      });
    },

    async query(sql: string, params: QueryParams, opts: QueryOptions): Promise<QueryResult> {
      const { timeoutMs, maxRows } = checkQueryOptions(opts);
      if (typeof sql !== 'string' || leadingKeyword(sql) === '') throw readOnlyViolation('no statement');
      if (!looksReadOnly(sql))
        throw readOnlyViolation(`statement starts with ${leadingKeyword(sql).toUpperCase()}`);
      const statement = engine.bindQuery(withoutTrailingSemicolons(sql), params);
      return life.abortable(
        timeoutMs,
        async (signal) => {
          const checked = await checkQuery(statement, sql, signal);
          // One row past the cap says whether there were more.
          const cap = maxRows === null ? null : maxRows + 1;
          const fetched = await engine.runQuery(statement, checked, { timeoutMs, signal, maxRows: cap });
          const truncated =
            maxRows !== null && (fetched.rows.length > maxRows || fetched.totalRows > maxRows);
          return {
            columns: fetched.columns,
            rows: truncated ? fetched.rows.slice(0, maxRows) : fetched.rows,
            truncated,
          };
        },
        (error, aborted) => queryError(error, aborted, timeoutMs, engine.mapError),
      );
    },

    async listTables(schema: string): Promise<string[]> {
      const where = engine.container(schema);
      return life.read(() => engine.listTables(where));
    },

    async listColumns(schema: string, table: string): Promise<ColumnInfo[]> {
      const where = engine.container(schema);
      engine.tableName(where, table);
      return life.read(async () => engine.columnsFromDescription(await engine.describeRows(where, table)));
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await life.close();
      await engine.close();
    },
  };
}

function queryError(
  error: unknown,
  aborted: AbortReason | null,
  timeoutMs: number,
  mapError: MapError,
): WarehouseError {
  if (aborted === 'timeout') {
    return new WarehouseError('query_timeout', `query did not finish within ${timeoutMs} ms`, {
      cause: error,
    });
  }
  if (aborted === 'closed') {
    return new WarehouseError('engine_error', 'the warehouse was closed while the query ran', {
      cause: error,
    });
  }
  return mapError(error, 'query');
}

function missingTable(where: string, table: string): WarehouseError {
  return new WarehouseError('schema_mismatch', `table ${where}.${table} does not exist`);
}
