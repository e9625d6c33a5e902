import { unreachable } from '@maya/contracts';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { WarehouseError, errorMessage } from '../errors';
import { qualifiedName, quoteIdentifier } from '../identifiers';
import { createRowReader } from '../load-rows';
import type { LoadValue } from '../values';
import type { ColumnType, RowBatches, TableSchema } from '../warehouse';
import { duckDbCastFromLoad, duckDbLoadType, type LoadColumnType } from './duckdb-types';

const LOAD_TABLE = '__maya_load';
// Rows of the append-only load table keep their arrival order in rowid; the last one wins.
const ORDER_COLUMN = '__maya_order';

/**
 * Upserts batches into `table` through DuckDB's appender: rows are appended to a temporary
 * table, then merged into the target by primary key (last occurrence wins) every `flushRows`
 * rows and at the end. A table whose key is indexed takes them by INSERT ... ON CONFLICT; one
 * whose key is a declaration (a swapped-in table: duckdb-staging.ts) has the loaded keys'
 * rows deleted, then the rows inserted. The caller owns the surrounding transaction, so a
 * failure anywhere rolls everything back. Returns the number of rows read.
 */
export async function appendAndMerge(
  conn: DuckDBConnection,
  schema: string,
  table: TableSchema,
  batches: RowBatches,
  flushRows: number,
  keyIndexed = true,
): Promise<number> {
  const merge = mergeStatements(schema, table, keyIndexed);
  return throughLoadTable(conn, table, batches, flushRows, async () => {
    const counted = await conn.runAndReadAll(merge.duplicates);
    const duplicates = Number(counted.getRows()[0]?.[0] ?? 0);
    if (merge.deleteLoaded !== null) await conn.run(merge.deleteLoaded);
    // A key repeated within the load table would make ON CONFLICT update one row twice (or a
    // plain insert repeat it), so the last occurrence is picked first — but only when a key
    // does repeat: counting distinct keys costs a fraction of the window that picks them.
    await conn.run(duplicates === 0 ? merge.distinct : merge.deduplicated);
  });
}

/**
 * Appends batches to `table`, a table without a primary-key index (a staged twin, indexed at
 * its swap: duckdb-staging.ts): no merge, rows are added in arrival order. Column types
 * the appender converts exactly as a cast would go straight into the table; a table with other
 * types (decimal, timestamp, json) goes through a temporary load table and a cast, `flushRows`
 * rows at a time. The caller owns the transaction. Returns the number of rows read.
 */
export async function appendRows(
  conn: DuckDBConnection,
  schema: string,
  table: TableSchema,
  batches: RowBatches,
  flushRows: number,
): Promise<number> {
  if (table.columns.every((c) => appendsDirectly(c.type))) {
    const types = table.columns.map((c) => duckDbLoadType(c.type));
    const open = () => conn.createAppender(table.name, schema);
    return appendAll(table, types, batches, open, Infinity, async () => undefined);
  }
  const names = table.columns.map((c) => quoteIdentifier(c.name));
  const casts = table.columns.map((c) => duckDbCastFromLoad(quoteIdentifier(c.name), c.type));
  const insert = `INSERT INTO ${qualifiedName(schema, table.name)} (${names.join(', ')})
    SELECT ${casts.join(', ')} FROM temp.main.${LOAD_TABLE} ORDER BY rowid`;
  return throughLoadTable(conn, table, batches, flushRows, async () => {
    await conn.run(insert);
  });
}

/**
 * The appender takes VARCHAR into a DATE column with the same parsing as CAST, and a JS number
 * into BIGINT exactly; a timestamp's offset, DECIMAL(18,9) and JSON need the SQL casts.
 */
function appendsDirectly(type: ColumnType): boolean {
  switch (type) {
    case 'string':
    case 'integer':
    case 'bigint':
    case 'double':
    case 'boolean':
    case 'date':
      return true;
    case 'decimal':
    case 'timestamp':
    case 'json':
      return false;
    default:
      return unreachable(type);
  }
}

/**
 * Appends the rows to a temporary load table of load types (duckdb-types.ts) and hands it to
 * `drain` every `flushRows` rows and at the end, then starts a fresh one: the load table never
 * holds much more than `flushRows` rows.
 */
async function throughLoadTable(
  conn: DuckDBConnection,
  table: TableSchema,
  batches: RowBatches,
  flushRows: number,
  drain: () => Promise<void>,
): Promise<number> {
  const types = table.columns.map((c) => duckDbLoadType(c.type));
  const columns = table.columns.map((c, i) => `${quoteIdentifier(c.name)} ${types[i]}`);
  const open = async (): Promise<DuckDBAppender> => {
    await conn.run(`CREATE OR REPLACE TEMP TABLE ${LOAD_TABLE} (${columns.join(', ')})`);
    return conn.createAppender(LOAD_TABLE, 'main', 'temp');
  };
  const total = await appendAll(table, types, batches, open, flushRows, drain);
  await conn.run(`DROP TABLE temp.main.${LOAD_TABLE}`);
  return total;
}

type ColumnWriter = (appender: DuckDBAppender, value: LoadValue) => void;

/**
 * Reads every row of `batches` (load-rows.ts) into an appender from `open`. Once `flushRows`
 * rows are pending (checked after each batch) and after the last batch, the appender is closed
 * and `drain` called; loading goes on into a new appender. Returns the number of rows read.
 */
async function appendAll(
  table: TableSchema,
  types: LoadColumnType[],
  batches: RowBatches,
  open: () => Promise<DuckDBAppender>,
  flushRows: number,
  drain: () => Promise<void>,
): Promise<number> {
  const readRow = createRowReader(table);
  const writers = types.map(columnWriter);
  const width = writers.length;
  let appender: DuckDBAppender | null = await open();
  let pending = 0;
  let total = 0;
  let batchNumber = 0;
  let rowIndex = 0;
  const where = () => `batch ${batchNumber}, row ${rowIndex + 1}`;
  try {
    for await (const batch of batches) {
      batchNumber += 1;
      if (!Array.isArray(batch)) throw mismatch(`batch ${batchNumber} is not an array of rows`);
      appender ??= await open();
      for (rowIndex = 0; rowIndex < batch.length; rowIndex += 1) {
        const values = readRow(batch[rowIndex], where);
        try {
          for (let c = 0; c < width; c += 1) {
            const value = values[c] ?? null;
            if (value === null) appender.appendNull();
            else (writers[c] as ColumnWriter)(appender, value);
          }
          appender.endRow();
        } catch (error) {
          // The appender converts as it goes (a date's text): a value it refuses is bad input.
          throw mismatch(`${where()}: ${errorMessage(error)}`);
        }
      }
      // Into the table (or load table) now: the appender holds no more than a batch.
      appender.flushSync();
      total += batch.length;
      pending += batch.length;
      if (pending >= flushRows) {
        const full: DuckDBAppender = appender;
        appender = null;
        full.closeSync();
        await drain();
        pending = 0;
      }
    }
    if (appender !== null) {
      const last: DuckDBAppender = appender;
      appender = null;
      last.closeSync();
    }
    if (pending > 0) await drain();
    return total;
  } finally {
    if (appender !== null) closeQuietly(appender);
  }
}

function columnWriter(type: LoadColumnType): ColumnWriter {
  switch (type) {
    case 'VARCHAR':
      return (appender, value) => appender.appendVarchar(value as string);
    case 'INTEGER':
      return (appender, value) => appender.appendInteger(value as number);
    case 'BIGINT':
      // A safe integer arrives as a number (load-rows.ts): the appender converts a double to
      // BIGINT exactly, without a BigInt per value.
      return (appender, value) =>
        typeof value === 'bigint' ? appender.appendBigInt(value) : appender.appendDouble(value as number);
    case 'DOUBLE':
      return (appender, value) => appender.appendDouble(value as number);
    case 'BOOLEAN':
      return (appender, value) => appender.appendBoolean(value as boolean);
    default:
      return unreachable(type);
  }
}

type MergeStatements = {
  duplicates: string;
  /** Deletes the target's rows of the loaded keys; null when ON CONFLICT replaces them. */
  deleteLoaded: string | null;
  distinct: string;
  deduplicated: string;
};

/** Merging the load table into `table` by key, keeping the last row of each key. */
function mergeStatements(schema: string, table: TableSchema, keyIndexed: boolean): MergeStatements {
  const names = table.columns.map((c) => quoteIdentifier(c.name));
  const casts = table.columns.map((c) => {
    const name = quoteIdentifier(c.name);
    return `${duckDbCastFromLoad(name, c.type)} AS ${name}`;
  });
  const keys = table.primaryKey.map((k) => quoteIdentifier(k));
  const keySet = new Set(table.primaryKey);
  const updates = table.columns
    .filter((c) => !keySet.has(c.name))
    .map((c) => `${quoteIdentifier(c.name)} = excluded.${quoteIdentifier(c.name)}`);
  const onConflict = updates.length > 0 ? `DO UPDATE SET ${updates.join(', ')}` : 'DO NOTHING';
  const target = qualifiedName(schema, table.name);
  const insert = `INSERT INTO ${target} (${names.join(', ')})`;
  const conflict = keyIndexed ? `ON CONFLICT (${keys.join(', ')}) ${onConflict}` : '';
  const keyCasts = table.columns
    .filter((c) => keySet.has(c.name))
    .map((c) => `${duckDbCastFromLoad(quoteIdentifier(c.name), c.type)} AS ${quoteIdentifier(c.name)}`);
  const sameKey = keys.map((k) => `${target}.${k} = loaded.${k}`).join(' AND ');
  return {
    duplicates: `SELECT count(*) - count(DISTINCT (${keys.join(', ')})) FROM temp.main.${LOAD_TABLE}`,
    deleteLoaded: keyIndexed
      ? null
      : `DELETE FROM ${target} USING (SELECT DISTINCT ${keyCasts.join(', ')} FROM temp.main.${LOAD_TABLE}) AS loaded
    WHERE ${sameKey}`,
    distinct: `${insert}
    SELECT ${casts.join(', ')} FROM temp.main.${LOAD_TABLE}
    ${conflict}`,
    deduplicated: `${insert}
    SELECT ${names.join(', ')} FROM (
      SELECT ${casts.join(', ')}, rowid AS ${ORDER_COLUMN} FROM temp.main.${LOAD_TABLE}
    ) QUALIFY row_number() OVER (PARTITION BY ${keys.join(', ')} ORDER BY ${ORDER_COLUMN} DESC) = 1
    ${conflict}`,
  };
}

function closeQuietly(appender: DuckDBAppender): void {
  try {
    appender.closeSync();
  } catch {
    // The load is failing already; the transaction's rollback discards what was appended.
  }
}

function mismatch(message: string): WarehouseError {
  return new WarehouseError('schema_mismatch', message);
}
