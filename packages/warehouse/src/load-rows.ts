import { WarehouseError } from './errors';
import { INVALID, loadCoercer, type LoadValue } from './values';
import type { Row, TableSchema } from './warehouse';

/**
 * Reads a loose input row into the table's column order (load forms from values.ts), or throws
 * `schema_mismatch` naming the position: a value its column cannot take, a missing NOT NULL
 * value, or a key that is not a column. The returned array is reused between calls.
 */
export type RowReader = (row: unknown, where: () => string) => (LoadValue | null)[];

export function createRowReader(table: TableSchema): RowReader {
  const columns = table.columns;
  const cells = columns.map((column) => ({ column, coerce: loadCoercer(column.type) }));
  const known = new Set(columns.map((c) => c.name));
  const out = new Array<LoadValue | null>(columns.length).fill(null);
  return (input, where) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw mismatch(`${where()} is not an object`);
    }
    const row = input as Row;
    let present = 0;
    for (const [c, { column, coerce }] of cells.entries()) {
      const raw = row[column.name];
      if (raw !== undefined) present += 1;
      const value = coerce(raw);
      if (value === INVALID) {
        throw mismatch(`${where()}: column "${column.name}" (${column.type}) cannot take ${show(raw)}`);
      }
      if (value === null && !column.nullable) {
        throw mismatch(`${where()}: column "${column.name}" is NOT NULL but has no value`);
      }
      out[c] = value;
    }
    let keys = 0;
    for (const _key in row) keys += 1;
    if (keys !== present) {
      for (const key in row) {
        if (!known.has(key)) {
          throw mismatch(`${where()}: "${key}" is not a column of table "${table.name}"`);
        }
      }
    }
    return out;
  };
}

function show(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  }
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}

function mismatch(message: string): WarehouseError {
  return new WarehouseError('schema_mismatch', message);
}
