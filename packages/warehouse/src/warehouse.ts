/**
 * The Warehouse: where an organization's loaded data lives and where reports read it.
 *
 * One interface, one adapter per engine (DuckDB is the managed default, one file per
 * organization; PostgreSQL, BigQuery and Databricks are destinations). Every identifier that
 * reaches SQL is validated and quoted; every value is bound as a parameter.
 */

import type { TextBatches, TextLayout } from './text-batches';

export type WarehouseEngine = 'duckdb' | 'postgres' | 'bigquery' | 'databricks';

/**
 * The column types the product speaks. Each adapter maps them to its engine's types
 * (for DuckDB: VARCHAR, INTEGER, BIGINT, DOUBLE, DECIMAL(18,9), BOOLEAN, DATE, TIMESTAMP, JSON; the
 * other engines' decimal is DECIMAL(38,9)).
 * A `timestamp` is an instant in UTC.
 */
export type ColumnType =
  'string' | 'integer' | 'bigint' | 'double' | 'decimal' | 'boolean' | 'date' | 'timestamp' | 'json';

export const COLUMN_TYPES: readonly ColumnType[] = [
  'string',
  'integer',
  'bigint',
  'double',
  'decimal',
  'boolean',
  'date',
  'timestamp',
  'json',
];

export type Column = { name: string; type: ColumnType; nullable: boolean };

/** A table's definition. The primary key is required: loads upsert by it. */
export type TableSchema = { name: string; columns: Column[]; primaryKey: string[] };

/** A column as the engine reports it: `engineType` is the engine's own spelling. */
export type ColumnInfo = Column & { engineType: string; primaryKey: boolean };

/**
 * One row. On load, values may be given loosely (numbers as numeric strings, dates as
 * `YYYY-MM-DD` strings or `Date`s, timestamps as ISO strings, `Date`s or epoch milliseconds,
 * json as any JSON-serialisable value); `null` or a missing key is SQL NULL.
 *
 * Query results are JSON-safe: integer, double and decimal as `number`; bigint as `number`
 * when it is a safe integer, otherwise its decimal string; date as `YYYY-MM-DD`; timestamp as
 * ISO 8601 in UTC (`2024-01-31T10:00:00.123Z`, up to microseconds); json parsed; NULL as `null`.
 */
export type Row = Record<string, unknown>;

/** Batches of rows, as an array of arrays or streamed (a connector's pages). */
export type RowBatches = AsyncIterable<Row[]> | Iterable<Row[]>;

export type LoadOptions = {
  /**
   * Load into the table's staged twin (`stagedTableName(table)`, created on first use with
   * the live table's definition) instead of the live table; publish it with
   * `swap(schema, stagedTableName(table), table)`.
   */
  staging?: boolean;
};

export type LoadResult = { rows: number };

export type SwapOptions = {
  /**
   * The caller vouches that no key repeats among the staged rows (each numbered once by the load,
   * e.g. by its line in a file): the swap does not search them for repeated keys.
   */
  keysDistinct?: boolean;
};

/**
 * A condition on one column: equal to a value, or within an inclusive range. Values are given
 * loosely as on load (`YYYY-MM-DD` for a date) and bound, cast to the column's type.
 */
export type RowCondition =
  { column: string; equals: unknown } | { column: string; from: unknown; to: unknown };

export type StageOptions = {
  /**
   * Live rows matching every condition are not copied into the staged twin (e.g. one account's
   * days that the load is about to replace). Absent: every live row is copied.
   */
  except?: RowCondition[];
};

/** Positional (`$1`, `$2`, ...) or named (`$name`) parameters. */
export type QueryParams = unknown[] | Record<string, unknown>;

export type MaterializeOptions = {
  /**
   * The table is only ever rebuilt whole by `materialize`, never loaded into by key (the models
   * and their side tables; not the raw tables a migration re-keys, which loads then upsert into).
   * Its key is then checked once the rows are written instead of kept as a constraint: a repeated
   * key still fails the build, but DuckDB builds no index over the table (an index costs about
   * three times the write on a table of 200,000 rows, and the reports never use it).
   */
  rebuiltOnly?: boolean;
};

export type QueryOptions = {
  /** The query is cancelled after this long, with a `query_timeout` error. */
  timeoutMs: number;
  /** At most this many rows are returned; `truncated` says whether more were available. */
  maxRows?: number;
};

export type QueryColumn = { name: string; type: ColumnType };

export type QueryResult = { columns: QueryColumn[]; rows: Row[]; truncated: boolean };

/**
 * The engine's own read-only logins for the people an organization's dataset is shared with
 * (PostgreSQL destinations; the other engines have none: the organization grants access itself).
 */
export type DatasetReaders = {
  /** A LOGIN role that reads every table of the dataset, now and later, and changes nothing. */
  grant(role: string, password: string): Promise<void>;
  /** Revokes what the role was granted, ends its sessions and drops it; nothing if it is gone. */
  drop(role: string): Promise<void>;
};

export interface Warehouse {
  readonly engine: WarehouseEngine;
  /** Read-only logins on the engine itself, where it has them (PostgreSQL). */
  readonly readers?: DatasetReaders;
  /** Creates the schema if it does not exist. */
  ensureSchema(schema: string): Promise<void>;
  /**
   * Creates the table if it does not exist. An existing table is accepted when it has every
   * declared column with the same type, nullability and primary key; declared columns it lacks
   * are added when nullable. Anything else is a `schema_mismatch`.
   */
  createTable(schema: string, table: TableSchema): Promise<void>;
  /** Drops the table if it exists (e.g. a stale staged twin before a full refresh). */
  dropTable(schema: string, table: string): Promise<void>;
  /**
   * Upserts the rows by primary key in one transaction: loading the same batches twice leaves
   * the same table, the last occurrence of a key wins, and any failure leaves the table as it
   * was. Unknown keys in a row are a `schema_mismatch`.
   */
  loadBatch(schema: string, table: string, rows: RowBatches, opts?: LoadOptions): Promise<LoadResult>;
  /**
   * `loadBatch` for rows packed as delimited text (text-batches.ts): the same semantics, without
   * an object per row. DuckDB splits and casts each batch itself, while the next one is read.
   */
  loadText(
    schema: string,
    table: string,
    batches: TextBatches,
    layout: TextLayout,
    opts?: LoadOptions,
  ): Promise<LoadResult>;
  /**
   * Starts a staged load of `table`: replaces its staged twin (`stagedTableName(table)`) by a
   * copy of the live table, in one transaction and inside the engine (rows never pass through
   * the process), leaving out the live rows that match `except`. Returns the rows copied.
   */
  stage(schema: string, table: string, opts?: StageOptions): Promise<LoadResult>;
  /**
   * Replaces `liveTable` by `stagedTable` atomically; the staged table no longer exists after. A
   * key repeated among the staged rows keeps its last row.
   */
  swap(schema: string, stagedTable: string, liveTable: string, opts?: SwapOptions): Promise<void>;
  /**
   * Rebuilds `table` from the rows of one read-only query, inside the engine: a staged twin is
   * created with the declared definition (types, primary key), filled by
   * `INSERT INTO staged (columns) SELECT ...` (the query's columns taken by name, cast to the
   * declared types), and swapped in atomically. Readers see the old table or the new one; any
   * failure (bad SQL, a primary-key or NOT NULL violation, a value of the wrong type) leaves the
   * old table as it was and no staged twin behind. Returns the rows written.
   */
  materialize(
    schema: string,
    table: TableSchema,
    selectSql: string,
    params?: QueryParams,
    opts?: MaterializeOptions,
  ): Promise<LoadResult>;
  /** Runs one read-only statement (SELECT or WITH ... SELECT) with bound parameters. */
  query(sql: string, params: QueryParams, opts: QueryOptions): Promise<QueryResult>;
  /** Base tables of the schema, sorted by name. */
  listTables(schema: string): Promise<string[]>;
  /** The table's columns in order; empty when the table does not exist. */
  listColumns(schema: string, table: string): Promise<ColumnInfo[]>;
  /** Interrupts running queries, waits for running loads, and releases the engine. */
  close(): Promise<void>;
}
