// A staged twin without a primary-key index. A load into a table with a primary key keeps an ART
// index up to date row by row and merges by key (INSERT ... ON CONFLICT), several times the cost
// of appending; the twin instead takes the kept live rows (`stage`) and the loaded rows by plain
// appends. Keys repeated in the twin — within the load, or a loaded row outside the range the
// stage left out — are resolved at the swap, the last appended row winning, and the swapped-in
// table keeps its key as a declaration, not an index (decision in docs/decisions.md).
import type { DuckDBConnection } from '@duckdb/node-api';
import { WarehouseError } from '../errors';
import { qualifiedName, quoteIdentifier } from '../identifiers';
import { textBatchRows, type TextBatches, type TextLayout } from '../text-batches';
import type { RowBatches, TableSchema } from '../warehouse';
import { declaredKeyComment, describeDuckDbStorage, describeDuckDbTable } from './duckdb-catalog';
import { appendAndMerge, appendRows } from './duckdb-load';
import { appendTextBatches } from './duckdb-text-load';
import { duckDbSqlType } from '../sql-types';

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
 * The rows of a load into a staged twin: objects, or text batches with their layout and the
 * engine's load directory they are spooled in (duckdb-spool.ts).
 */
export type StagedRows =
  { rows: RowBatches } | { text: TextBatches; layout: TextLayout; loadDirectory: string };

/**
 * Loads batches into the staged twin `staged` of `table`, creating it (empty) when missing.
 * A twin that has its primary-key index (made by an older version) is upserted into as an
 * indexed table is. The caller owns the transaction. Returns the number of rows read.
 */
export async function loadStagedTwin(
  conn: DuckDBConnection,
  schema: string,
  table: string,
  staged: string,
  input: StagedRows,
  flushRows: number,
): Promise<number> {
  let twin = await describeDuckDbStorage(conn, schema, staged);
  if (twin === null) {
    const live = await describeDuckDbTable(conn, schema, table);
    if (live === null) throw missingTable(schema, table);
    await createStagedTwin(conn, schema, live, staged);
    twin = { table: { ...live, name: staged, primaryKey: [] }, keyIndexed: false };
  }
  const rows = 'rows' in input ? input.rows : textBatchRows(input.text, input.layout);
  if (twin.keyIndexed) return appendAndMerge(conn, schema, twin.table, rows, flushRows);
  if ('text' in input) {
    return appendTextBatches(conn, schema, twin.table, input.text, input.layout, input.loadDirectory);
  }
  return appendRows(conn, schema, twin.table, rows, flushRows);
}

/** How a swap runs: in the caller's transaction, and how it searches for repeated keys. */
export type SwapSettings = {
  inTransaction: <T>(task: () => Promise<T>) => Promise<T>;
  /** The caller vouches that no key repeats (rows numbered by the load): no search. */
  keysDistinct: boolean;
  /** Rows the search for repeated keys hashes at a time. */
  keyCheckRows: number;
};

/**
 * Replaces `liveTable` by `stagedTable` in one transaction. An unindexed twin keeps the live
 * table's primary key as a declaration (its comment) rather than an index: a repeated key is
 * resolved first — every occurrence but the last appended is deleted — and the table is not
 * indexed. Building the index cost as much as appending the rows, and nothing reads raw tables
 * by key: loads merge by key themselves (duckdb-load.ts) and reports scan.
 */
export async function swapStagedTwin(
  conn: DuckDBConnection,
  schema: string,
  stagedTable: string,
  liveTable: string,
  settings: SwapSettings,
): Promise<void> {
  const staged = qualifiedName(schema, stagedTable);
  const live = qualifiedName(schema, liveTable);
  const replace = async () => {
    await conn.run(`DROP TABLE IF EXISTS ${live}`);
    await conn.run(`ALTER TABLE ${staged} RENAME TO ${quoteIdentifier(liveTable)}`);
  };
  const twin = await describeDuckDbStorage(conn, schema, stagedTable);
  if (twin === null) throw missingTable(schema, stagedTable);
  if (twin.keyIndexed) return settings.inTransaction(replace);
  const declared = await describeDuckDbTable(conn, schema, liveTable);
  if (declared === null || declared.primaryKey.length === 0) {
    throw new WarehouseError(
      'schema_mismatch',
      `table ${schema}.${stagedTable} has no primary key and ${schema}.${liveTable} none to give it`,
    );
  }
  const keys = declared.primaryKey;
  return settings.inTransaction(async () => {
    if (!settings.keysDistinct) await keepLastOfEachKey(conn, staged, keys, settings.keyCheckRows);
    await replace();
    await conn.run(`COMMENT ON TABLE ${live} IS ${sqlText(declaredKeyComment(keys))}`);
  });
}

/**
 * Deletes every row of a repeated key but the last appended (rowid follows the appends). The
 * keys are searched a slice at a time, a slice the rows whose keys hash to it, about
 * `sliceRows` of them: one GROUP BY over every key held them all in the engine's memory at once
 * (8 million keys took about 400 MB, more than the rest of a CSV upload: bench/README.md), and
 * DuckDB, without a memory limit, does not spill it. Each slice costs a scan of the key columns.
 */
async function keepLastOfEachKey(
  conn: DuckDBConnection,
  table: string,
  keys: readonly string[],
  sliceRows: number,
): Promise<void> {
  const list = keys.map((k) => quoteIdentifier(k)).join(', ');
  const total = Number((await conn.runAndReadAll(`SELECT count(*) FROM ${table}`)).getRows()[0]?.[0] ?? 0);
  const slices = Math.max(1, Math.ceil(total / Math.max(1, sliceRows)));
  for (let slice = 0; slice < slices; slice++) {
    const inSlice = slices === 1 ? 'true' : `hash(${list}) % ${slices} = ${slice}`;
    // Counting repeated keys by hashing costs a fraction of the window that picks the last ones.
    const counted = await conn.runAndReadAll(
      `SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${inSlice} GROUP BY ${list} HAVING count(*) > 1)`,
    );
    if (Number(counted.getRows()[0]?.[0] ?? 0) === 0) continue;
    await conn.run(
      `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${inSlice}
        QUALIFY row_number() OVER (PARTITION BY ${list} ORDER BY rowid DESC) > 1)`,
    );
  }
}

/** A SQL string literal. */
function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function missingTable(schema: string, table: string): WarehouseError {
  return new WarehouseError('schema_mismatch', `table ${schema}.${table} does not exist`);
}
