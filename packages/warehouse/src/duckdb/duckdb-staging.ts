// A staged twin without its primary-key index until the swap. A load into a table with a
// primary key keeps an ART index up to date row by row and merges by key (INSERT ... ON
// CONFLICT), several times the cost of appending; the twin instead takes the kept live rows
// (`stage`) and the loaded rows by plain appends, and the swap builds the index once, in bulk,
// from the finished table. Keys repeated in the twin — within the load, or a loaded row
// outside the range the stage left out — are resolved then, the last appended row winning.
import type { DuckDBConnection } from '@duckdb/node-api';
import { WarehouseError, errorMessage } from '../errors';
import { qualifiedName, quoteIdentifier } from '../identifiers';
import type { RowBatches, TableSchema } from '../warehouse';
import { describeDuckDbTable } from './duckdb-catalog';
import { appendAndMerge, appendRows } from './duckdb-load';
import { duckDbSqlType } from './duckdb-types';

/** Creates `staged` with the live table's columns and NOT NULLs but no primary key. */
export async function createStagedTwin(
  conn: DuckDBConnection,
  schema: string,
  live: TableSchema,
  staged: string,
): Promise<void> {
  const columns = live.columns.map(
    (c) => `${quoteIdentifier(c.name)} ${duckDbSqlType(c.type)}${c.nullable ? '' : ' NOT NULL'}`,
  );
  await conn.run(`CREATE TABLE ${qualifiedName(schema, staged)} (${columns.join(', ')})`);
}

/**
 * Loads batches into the staged twin `staged` of `table`, creating it (empty) when missing.
 * A twin that has its primary key (made by an older version) is upserted into as a live table
 * is. The caller owns the transaction. Returns the number of rows read.
 */
export async function loadStagedTwin(
  conn: DuckDBConnection,
  schema: string,
  table: string,
  staged: string,
  batches: RowBatches,
  flushRows: number,
): Promise<number> {
  let twin = await describeDuckDbTable(conn, schema, staged);
  if (twin === null) {
    const live = await describeDuckDbTable(conn, schema, table);
    if (live === null) throw missingTable(schema, table);
    await createStagedTwin(conn, schema, live, staged);
    twin = { ...live, name: staged, primaryKey: [] };
  }
  return twin.primaryKey.length > 0
    ? appendAndMerge(conn, schema, twin, batches, flushRows)
    : appendRows(conn, schema, twin, batches, flushRows);
}

/**
 * Replaces `liveTable` by `stagedTable` in one transaction; an unindexed twin first gets the
 * live table's primary key there. Should the twin repeat a key, that transaction is rolled
 * back, every occurrence but the last appended is deleted, and the swap is tried again.
 */
export async function swapStagedTwin(
  conn: DuckDBConnection,
  schema: string,
  stagedTable: string,
  liveTable: string,
  inTransaction: <T>(task: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const staged = qualifiedName(schema, stagedTable);
  const swap = (withKey: readonly string[]) =>
    inTransaction(async () => {
      if (withKey.length > 0) await conn.run(addPrimaryKey(staged, withKey));
      await conn.run(`DROP TABLE IF EXISTS ${qualifiedName(schema, liveTable)}`);
      await conn.run(`ALTER TABLE ${staged} RENAME TO ${quoteIdentifier(liveTable)}`);
    });
  const twin = await describeDuckDbTable(conn, schema, stagedTable);
  if (twin === null) throw missingTable(schema, stagedTable);
  if (twin.primaryKey.length > 0) return swap([]);
  const live = await describeDuckDbTable(conn, schema, liveTable);
  if (live === null || live.primaryKey.length === 0) {
    throw new WarehouseError(
      'schema_mismatch',
      `table ${schema}.${stagedTable} has no primary key and ${schema}.${liveTable} none to give it`,
    );
  }
  try {
    return await swap(live.primaryKey);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const keys = live.primaryKey.map((k) => quoteIdentifier(k)).join(', ');
  // rowid follows the appends: the kept live rows first, then the loaded rows in arrival order.
  await conn.run(
    `DELETE FROM ${staged} WHERE rowid IN (SELECT rowid FROM ${staged}
      QUALIFY row_number() OVER (PARTITION BY ${keys} ORDER BY rowid DESC) > 1)`,
  );
  return swap(live.primaryKey);
}

function addPrimaryKey(staged: string, keys: readonly string[]): string {
  return `ALTER TABLE ${staged} ADD PRIMARY KEY (${keys.map((k) => quoteIdentifier(k)).join(', ')})`;
}

/** DuckDB refuses the index with "Constraint Error: Data contains duplicates ..."; key columns are NOT NULL. */
function isDuplicateKey(error: unknown): boolean {
  const cause = error instanceof WarehouseError && error.cause !== undefined ? error.cause : error;
  return /^Constraint Error/i.test(errorMessage(cause));
}

function missingTable(schema: string, table: string): WarehouseError {
  return new WarehouseError('schema_mismatch', `table ${schema}.${table} does not exist`);
}
