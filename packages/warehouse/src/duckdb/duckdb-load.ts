import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { WarehouseError } from '../errors';
import { qualifiedName, quoteIdentifier } from '../identifiers';
import { createRowReader } from '../load-rows';
import { unreachable, type LoadValue } from '../values';
import type { RowBatches, TableSchema } from '../warehouse';
import { duckDbCastFromLoad, duckDbLoadType, type LoadColumnType } from './duckdb-types';

const LOAD_TABLE = '__maya_load';
// Rows of the append-only load table keep their arrival order in rowid; the last one wins.
const ORDER_COLUMN = '__maya_order';

/**
 * Upserts batches into `table` through DuckDB's appender: rows are appended to a temporary
 * table, then merged into the target by primary key (last occurrence wins) every `flushRows`
 * rows and at the end. The caller owns the surrounding transaction, so a failure anywhere
 * rolls everything back. Returns the number of rows read.
 */
export async function appendAndMerge(
  conn: DuckDBConnection,
  schema: string,
  table: TableSchema,
  batches: RowBatches,
  flushRows: number,
): Promise<number> {
  const columns = table.columns;
  const loadTypes = columns.map((c) => duckDbLoadType(c.type));
  const readRow = createRowReader(table);
  const loadColumns = columns.map((c, i) => `${quoteIdentifier(c.name)} ${loadTypes[i]}`);
  const merge = mergeStatements(schema, table);
  const freshLoadTable = async (): Promise<DuckDBAppender> => {
    await conn.run(`CREATE OR REPLACE TEMP TABLE ${LOAD_TABLE} (${loadColumns.join(', ')})`);
    return conn.createAppender(LOAD_TABLE, 'main', 'temp');
  };
  let appender: DuckDBAppender | null = await freshLoadTable();
  let pending = 0;
  let total = 0;
  let batchNumber = 0;
  try {
    for await (const batch of batches) {
      batchNumber += 1;
      if (!Array.isArray(batch)) throw mismatch(`batch ${batchNumber} is not an array of rows`);
      for (let r = 0; r < batch.length; r += 1) {
        const values = readRow(batch[r], () => `batch ${batchNumber}, row ${r + 1}`);
        for (let c = 0; c < values.length; c += 1) {
          append(appender, loadTypes[c] as LoadColumnType, values[c] ?? null);
        }
        appender.endRow();
        total += 1;
        pending += 1;
      }
      if (pending >= flushRows) {
        appender.closeSync();
        appender = null;
        await mergeLoadTable(conn, merge);
        appender = await freshLoadTable();
        pending = 0;
      }
    }
    appender.closeSync();
    appender = null;
    if (pending > 0) await mergeLoadTable(conn, merge);
    await conn.run(`DROP TABLE temp.main.${LOAD_TABLE}`);
    return total;
  } finally {
    if (appender !== null) closeQuietly(appender);
  }
}

function append(appender: DuckDBAppender, type: LoadColumnType, value: LoadValue | null): void {
  if (value === null) {
    appender.appendNull();
    return;
  }
  switch (type) {
    case 'VARCHAR':
      appender.appendVarchar(value as string);
      return;
    case 'INTEGER':
      appender.appendInteger(value as number);
      return;
    case 'BIGINT':
      appender.appendBigInt(value as bigint);
      return;
    case 'DOUBLE':
      appender.appendDouble(value as number);
      return;
    case 'BOOLEAN':
      appender.appendBoolean(value as boolean);
      return;
    default:
      unreachable(type);
  }
}

type MergeStatements = { duplicates: string; distinct: string; deduplicated: string };

/**
 * Merges the load table into the target. A key repeated within the load table would make
 * ON CONFLICT update one row twice, so the last occurrence is picked first — but only when a
 * key does repeat: counting distinct keys costs a fraction of the window that picks them.
 */
async function mergeLoadTable(conn: DuckDBConnection, merge: MergeStatements): Promise<void> {
  const counted = await conn.runAndReadAll(merge.duplicates);
  const duplicates = Number(counted.getRows()[0]?.[0] ?? 0);
  await conn.run(duplicates === 0 ? merge.distinct : merge.deduplicated);
}

/** INSERT ... ON CONFLICT from the load table, with and without keeping the last row of each key. */
function mergeStatements(schema: string, table: TableSchema): MergeStatements {
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
  const target = `INSERT INTO ${qualifiedName(schema, table.name)} (${names.join(', ')})`;
  const conflict = `ON CONFLICT (${keys.join(', ')}) ${onConflict}`;
  return {
    duplicates: `SELECT count(*) - count(DISTINCT (${keys.join(', ')})) FROM temp.main.${LOAD_TABLE}`,
    distinct: `${target}
    SELECT ${casts.join(', ')} FROM temp.main.${LOAD_TABLE}
    ${conflict}`,
    deduplicated: `${target}
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
