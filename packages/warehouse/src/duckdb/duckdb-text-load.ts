// Text batches (text-batches.ts) into a table without a key index (a staged twin), one INSERT per
// batch: DuckDB splits the batch into records and values and casts them, on its own threads, while
// the process reads the next batch; rows keep their order. No value crosses into the engine one at
// a time, so a large CSV costs the process its reading, not the engine's calls (decision 610).
import type { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';
import { WarehouseError } from '../errors';
import { qualifiedName, quoteIdentifier } from '../identifiers';
import { duckDbSqlType } from '../sql-types';
import {
  TEXT_ESCAPE,
  delimiterByte,
  type TextBatch,
  type TextBatches,
  type TextLayout,
} from '../text-batches';
import type { Column, TableSchema } from '../warehouse';
import { duckDbCastFromLoad } from './duckdb-types';

type Variant = { escaped: boolean; listed: boolean };

/**
 * Appends every batch to `table` (no merge: a staged twin takes rows in arrival order). The
 * caller owns the transaction. Returns the rows appended.
 */
export async function appendTextBatches(
  conn: DuckDBConnection,
  schema: string,
  table: TableSchema,
  batches: TextBatches,
  layout: TextLayout,
): Promise<number> {
  const statements = new Map<string, DuckDBPreparedStatement>();
  const statement = async (variant: Variant) => {
    const key = `${variant.escaped}/${variant.listed}`;
    let prepared = statements.get(key);
    if (prepared === undefined) {
      prepared = await conn.prepare(insertStatement(schema, table, layout, variant));
      statements.set(key, prepared);
    }
    return prepared;
  };
  const constants = constantValues(table, layout);
  let total = 0;
  // One batch in the engine while the next is read: its failure is awaited before anything else.
  let running: Promise<void> | null = null;
  try {
    for await (const batch of batches) {
      if (running !== null) await running;
      running = null;
      if (batch.rows === 0) continue;
      const variant = { escaped: batch.escaped, listed: typeof batch.numbers !== 'number' };
      const prepared = await statement(variant);
      bind(prepared, batch, layout.numberColumn !== undefined, constants);
      total += batch.rows;
      running = prepared.run().then(() => undefined);
      // Held until awaited; a rejection meanwhile must not count as unhandled.
      running.catch(() => undefined);
    }
    if (running !== null) await running;
    running = null;
    return total;
  } finally {
    // A batch that failed to be read leaves the engine's statement to finish before the rollback.
    if (running !== null) await running.catch(() => undefined);
    for (const prepared of statements.values()) prepared.destroySync();
  }
}

function bind(
  prepared: DuckDBPreparedStatement,
  batch: TextBatch,
  numbered: boolean,
  constants: string[],
): void {
  const { text, numbers } = batch;
  // Without the last record's `\n`: string_split would give an empty record after it.
  if (text[text.length - 1] !== 0x0a)
    throw new WarehouseError('schema_mismatch', 'a text batch must end with \\n');
  prepared.bindBlob(1, text.subarray(0, text.length - 1));
  let next = 2;
  if (numbered && typeof numbers === 'number') {
    prepared.bindBigInt(next++, BigInt(numbers));
    prepared.bindBigInt(next++, BigInt(numbers + batch.rows));
  } else if (numbered && typeof numbers !== 'number') {
    if (numbers.length !== batch.rows) {
      throw new WarehouseError(
        'schema_mismatch',
        `a text batch of ${batch.rows} rows has ${numbers.length} numbers`,
      );
    }
    prepared.bindList(next++, numbers);
  }
  constants.forEach((value, i) => prepared.bindVarchar(next + i, value));
}

/** The layout's non-null constants, as text, in the table's column order. */
function constantValues(table: TableSchema, layout: TextLayout): string[] {
  return table.columns.flatMap((column) => {
    const value = layout.constants?.[column.name];
    if (value === null || value === undefined || layout.columns.includes(column.name)) return [];
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new WarehouseError(
        'schema_mismatch',
        `constant ${column.name} must be text, a number or a boolean`,
      );
    }
    return [String(value)];
  });
}

/**
 * `INSERT INTO table SELECT <each column> FROM <the batch's records, numbered>`: $1 the batch's
 * text; when the layout numbers rows, $2 and $3 the first row's number and the last's plus one, or
 * $2 the list of numbers; then the constants.
 */
function insertStatement(schema: string, table: TableSchema, layout: TextLayout, variant: Variant): string {
  const delimiter = `chr(${delimiterByte(layout.delimiter)})`;
  for (const name of [
    ...layout.columns,
    ...(layout.numberColumn === undefined ? [] : [layout.numberColumn]),
  ]) {
    if (!table.columns.some((column) => column.name === name)) {
      throw new WarehouseError('schema_mismatch', `"${name}" is not a column of table "${table.name}"`);
    }
  }
  const esc = `chr(${TEXT_ESCAPE})`;
  const unescape = (expr: string) =>
    variant.escaped
      ? `replace(replace(replace(replace(${expr}, ${esc} || 'd', ${delimiter}), ${esc} || 'n', chr(10)), ${esc} || 'r', chr(13)), ${esc} || 'e', ${esc})`
      : expr;
  const numbered = layout.numberColumn !== undefined;
  let constant = !numbered ? 2 : variant.listed ? 3 : 4;
  const values = table.columns.map((column) => {
    const index = layout.columns.indexOf(column.name);
    if (index !== -1) return cast(unescape(`nullif(v[${index + 1}], '')`), column);
    if (column.name === layout.numberColumn) {
      return 'CAST(n AS BIGINT)';
    }
    const value = layout.constants?.[column.name];
    if (value === null || value === undefined) return 'NULL';
    return cast(`$${constant++}`, column);
  });
  const names = table.columns.map((column) => quoteIdentifier(column.name));
  // Unnested beside the records, row by row (cheaper than numbering them WITH ORDINALITY).
  const numbers = !numbered ? '' : variant.listed ? ', unnest($2) AS n' : ', unnest(range($2, $3)) AS n';
  return `INSERT INTO ${qualifiedName(schema, table.name)} (${names.join(', ')})
    SELECT ${values.join(', ')}
    FROM (
      SELECT string_split(rtrim(line, chr(13)), ${delimiter}) AS v${numbered ? ', n' : ''}
      FROM (SELECT unnest(string_split(decode($1), chr(10))) AS line${numbers})
    )`;
}

function cast(expr: string, column: Column): string {
  if (column.type === 'string') return expr;
  if (column.type === 'timestamp') return duckDbCastFromLoad(expr, column.type);
  return `CAST(${expr} AS ${duckDbSqlType(column.type)})`;
}
