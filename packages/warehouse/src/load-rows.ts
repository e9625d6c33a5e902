import { WarehouseError } from './errors';
import { INVALID, loadCoercer, type Coercer, type LoadValue } from './values';
import type { Column, ColumnType, Row, TableSchema } from './warehouse';

/**
 * Reads a loose input row into the table's column order (load forms from values.ts, except that
 * a bigint that is a safe integer stays a number: no BigInt per value, and every engine writes
 * both alike), or throws `schema_mismatch` naming the position: a value its column cannot take,
 * a missing NOT NULL value, or a key that is not a column. The returned array is reused between
 * calls.
 */
export type RowReader = (row: unknown, where: () => string) => (LoadValue | null)[];

export function createRowReader(table: TableSchema): RowReader {
  const columns = table.columns;
  const width = columns.length;
  const names = columns.map((c) => c.name);
  const required = columns.map((c) => !c.nullable);
  const coercers = columns.map((c) => coercerFor(c.type));
  const known = new Set(names);
  const out = new Array<LoadValue | null>(width).fill(null);
  return (input, where) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw mismatch(`${where()} is not an object`);
    }
    const row = input as Row;
    let present = 0;
    for (let c = 0; c < width; c += 1) {
      const raw = row[names[c] as string];
      if (raw !== undefined) present += 1;
      const value = (coercers[c] as Coercer)(raw);
      if (value === INVALID || (value === null && required[c] === true)) {
        throw invalid(columns[c] as Column, raw, where);
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

function coercerFor(type: ColumnType): Coercer {
  const coerce = loadCoercer(type);
  if (type !== 'bigint') return coerce;
  return (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : coerce(value));
}

function invalid(column: Column, raw: unknown, where: () => string): WarehouseError {
  if (raw === null || raw === undefined) {
    return mismatch(`${where()}: column "${column.name}" is NOT NULL but has no value`);
  }
  return mismatch(`${where()}: column "${column.name}" (${column.type}) cannot take ${show(raw)}`);
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
