import type pg from 'pg';
import { WarehouseError } from '../errors';
import { qualifiedName, quoteIdentifier } from '../identifiers';
import { createRowReader } from '../load-rows';
import type { RowBatches, TableSchema } from '../warehouse';
import { pgCastFromText } from './postgres-types';

/** Rows per INSERT statement: one text array per column, unnested by the server. */
const CHUNK_ROWS = 5_000;
const ORDER_COLUMN = '__maya_order';

/**
 * Upserts batches into `table` by primary key, chunk by chunk, each chunk keeping the last
 * row of a key; the caller's transaction makes the whole load one change. Returns the number
 * of rows read.
 */
export async function upsertBatches(
  client: pg.PoolClient,
  schema: string,
  table: TableSchema,
  batches: RowBatches,
): Promise<number> {
  const readRow = createRowReader(table);
  const statement = upsertStatement(schema, table);
  const width = table.columns.length;
  let columns: (string | null)[][] = Array.from({ length: width }, () => []);
  let pending = 0;
  let total = 0;
  let batchNumber = 0;
  const flush = async () => {
    if (pending === 0) return;
    const values = columns;
    columns = Array.from({ length: width }, () => []);
    pending = 0;
    await client.query(statement, values);
  };
  for await (const batch of batches) {
    batchNumber += 1;
    if (!Array.isArray(batch)) {
      throw new WarehouseError('schema_mismatch', `batch ${batchNumber} is not an array of rows`);
    }
    for (let r = 0; r < batch.length; r += 1) {
      const values = readRow(batch[r], () => `batch ${batchNumber}, row ${r + 1}`);
      columns.forEach((column, c) => {
        const value = values[c] ?? null;
        column.push(value === null ? null : String(value));
      });
      pending += 1;
      total += 1;
      if (pending >= CHUNK_ROWS) await flush();
    }
  }
  await flush();
  return total;
}

function upsertStatement(schema: string, table: TableSchema): string {
  const names = table.columns.map((c) => quoteIdentifier(c.name));
  const typed = table.columns.map((c, i) => `${pgCastFromText(`u.${names[i]}`, c.type)} AS ${names[i]}`);
  const arrays = table.columns.map((_, i) => `$${i + 1}::text[]`);
  const keys = table.primaryKey.map((k) => quoteIdentifier(k));
  const keySet = new Set(table.primaryKey);
  const updates = table.columns
    .filter((c) => !keySet.has(c.name))
    .map((c) => `${quoteIdentifier(c.name)} = EXCLUDED.${quoteIdentifier(c.name)}`);
  const onConflict = updates.length > 0 ? `DO UPDATE SET ${updates.join(', ')}` : 'DO NOTHING';
  return `INSERT INTO ${qualifiedName(schema, table.name)} (${names.join(', ')})
    SELECT ${names.join(', ')} FROM (
      SELECT DISTINCT ON (${keys.join(', ')}) ${names.join(', ')} FROM (
        SELECT ${typed.join(', ')}, u.${ORDER_COLUMN}
          FROM unnest(${arrays.join(', ')}) WITH ORDINALITY AS u(${names.join(', ')}, ${ORDER_COLUMN})
      ) AS typed
      ORDER BY ${keys.join(', ')}, ${ORDER_COLUMN} DESC
    ) AS latest
    ON CONFLICT (${keys.join(', ')}) ${onConflict}`;
}
