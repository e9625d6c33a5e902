// Text batches (text-batches.ts) into a table without a key index (a staged twin): the batches
// are spooled to a file in the engine's load directory (duckdb-spool.ts) and DuckDB's CSV reader
// loads each file on all its threads while the process spools the next; rows keep their order.
// No value crosses into the engine one at a time, so a large CSV costs the process its reading
// and one write of its text, not the engine's calls (decisions 610 and 800).
import type { DuckDBConnection } from '@duckdb/node-api';
import { WarehouseError } from '../errors';
import { qualifiedName, quoteIdentifier } from '../identifiers';
import { duckDbSqlType } from '../sql-types';
import { TEXT_ESCAPE, delimiterByte, type TextBatches, type TextLayout } from '../text-batches';
import type { Column, TableSchema } from '../warehouse';
import { Spool } from './duckdb-spool';
import { duckDbCastFromLoad } from './duckdb-types';

/** Bytes spooled before the engine reads them: big enough for its threads to share a file. */
export const SPOOL_BYTES = 32 * 1024 * 1024;
/**
 * The reader's longest record unless a spool has a longer one (its default), and its buffer
 * per thread in records of that length: a larger buffer measured no faster, only bigger.
 */
const READER_LINE_BYTES = 2 * 1024 * 1024;
const READER_BUFFER_LINES = 2;

/**
 * Appends every batch to `table` (no merge: a staged twin takes rows in arrival order), spooling
 * them in `loadDirectory`, a file every `spoolBytes`. The caller owns the transaction. Returns the
 * rows appended.
 */
export async function appendTextBatches(
  conn: DuckDBConnection,
  schema: string,
  table: TableSchema,
  batches: TextBatches,
  layout: TextLayout,
  loadDirectory: string,
  spoolBytes = SPOOL_BYTES,
): Promise<number> {
  const insert = insertStatement(schema, table, layout);
  const constants = constantValues(table, layout);
  const numberDelimiter = layout.numberColumn === undefined ? null : delimiterByte(layout.delimiter);
  let total = 0;
  let spool: Spool | null = null;
  // One spool in the engine while the next is written: its failure is awaited before anything else.
  let running: { spool: Spool; done: Promise<void> } | null = null;
  const settle = async () => {
    if (running === null) return;
    const { spool: loaded, done } = running;
    running = null;
    try {
      await done;
    } finally {
      loaded.remove();
    }
  };
  const load = async (full: Spool) => {
    full.close();
    await settle();
    const done = (async () => {
      const prepared = await conn.prepare(insert(full));
      try {
        constants.forEach((value, i) => prepared.bindVarchar(i + 1, value));
        await prepared.run();
      } finally {
        prepared.destroySync();
      }
    })();
    // Held until awaited; a rejection meanwhile must not count as unhandled.
    done.catch(() => undefined);
    running = { spool: full, done };
  };
  try {
    for await (const batch of batches) {
      if (batch.rows === 0) continue;
      spool ??= new Spool(loadDirectory);
      spool.append(batch, numberDelimiter);
      total += batch.rows;
      if (spool.bytes >= spoolBytes) {
        await load(spool);
        spool = null;
      }
    }
    if (spool !== null) {
      await load(spool);
      spool = null;
    }
    await settle();
    return total;
  } finally {
    // A batch that failed to be read leaves the engine's statement to finish before the rollback.
    await settle().catch(() => undefined);
    spool?.remove();
  }
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
 * `INSERT INTO table SELECT <each column> FROM read_csv(<a spool>)`, as a function of the spool's
 * path and whether any of its values is escaped; the constants are its parameters, in order.
 * The reader takes every value as text (no quotes, no escapes of its own: text-batches.ts), an
 * empty one as NULL, and the casts are the ones every load makes (duckdb-types.ts). Not strict:
 * the strict reader refuses a file whose records end in `\r\n` and `\n` both (the other drops
 * the `\r`), and the records' lengths were checked when they were read (a record short of values
 * still fails here).
 */
function insertStatement(
  schema: string,
  table: TableSchema,
  layout: TextLayout,
): (spool: Pick<Spool, 'path' | 'escaped' | 'longest'>) => string {
  const delimiter = delimiterByte(layout.delimiter);
  for (const name of [
    ...layout.columns,
    ...(layout.numberColumn === undefined ? [] : [layout.numberColumn]),
  ]) {
    if (!table.columns.some((column) => column.name === name)) {
      throw new WarehouseError('schema_mismatch', `"${name}" is not a column of table "${table.name}"`);
    }
  }
  const numbered = layout.numberColumn !== undefined;
  // The file's columns and their types: the row's number first when the layout numbers rows, then
  // the values, as text.
  const fields = [
    ...(numbered ? ["'n': 'BIGINT'"] : []),
    ...layout.columns.map((_, i) => `'v${i + 1}': 'VARCHAR'`),
  ];
  const names = table.columns.map((column) => quoteIdentifier(column.name));
  return ({ path, escaped, longest }) => {
    const lineBytes = Math.max(READER_LINE_BYTES, longest + 1);
    const esc = `chr(${TEXT_ESCAPE})`;
    // Only text that holds ESC goes through the replacements (they cost the load a third); the
    // other types' values were checked when read, and hold none.
    const value = (i: number, column: Column) =>
      escaped && column.type === 'string'
        ? `CASE WHEN contains(v${i + 1}, ${esc}) THEN replace(replace(replace(replace(v${i + 1}, ${esc} || 'd', chr(${delimiter})), ${esc} || 'n', chr(10)), ${esc} || 'r', chr(13)), ${esc} || 'e', ${esc}) ELSE v${i + 1} END`
        : `v${i + 1}`;
    let constant = 1;
    const values = table.columns.map((column) => {
      const index = layout.columns.indexOf(column.name);
      if (index !== -1) return cast(value(index, column), column);
      if (column.name === layout.numberColumn) return 'n';
      const given = layout.constants?.[column.name];
      if (given === null || given === undefined) return 'NULL';
      return cast(`$${constant++}`, column);
    });
    const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
    return `INSERT INTO ${qualifiedName(schema, table.name)} (${names.join(', ')})
      SELECT ${values.join(', ')}
      FROM read_csv(${literal(path)}, columns = {${fields.join(', ')}}, delim = ${literal(String.fromCharCode(delimiter))}, quote = '', escape = '',
        header = false, auto_detect = false, new_line = '\\n', max_line_size = ${lineBytes},
        buffer_size = ${READER_BUFFER_LINES * lineBytes}, strict_mode = false, null_padding = false)`;
  };
}

function cast(expr: string, column: Column): string {
  if (column.type === 'string') return expr;
  if (column.type === 'timestamp') return duckDbCastFromLoad(expr, column.type);
  return `CAST(${expr} AS ${duckDbSqlType(column.type)})`;
}
