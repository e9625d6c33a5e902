import { unreachable, utcDay } from '@maya/contracts';
import { ORDER_COLUMN } from '../backtick-sql';
import { WarehouseError } from '../errors';
import { isoTimestamp, numberFromText, safeInteger, type LoadValue } from '../values';
import type { ColumnType, QueryColumn, Row, TableSchema } from '../warehouse';

/**
 * Values crossing the Databricks SQL driver: named parameters (type and text, as the driver's
 * `DBSQLParameter` sends them), the JSON text a load chunk travels in, and result values (the
 * driver's JavaScript values, with exact decimals and 64-bit integers) as the interface's
 * JSON-safe values.
 */

export type DatabricksParamType =
  'STRING' | 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'TIMESTAMP' | 'VOID';
export type DatabricksParam = { type: DatabricksParamType; value: string | null };

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function textParam(value: string): DatabricksParam {
  return { type: 'STRING', value };
}

/**
 * A caller's value as a typed parameter: string STRING, number INTEGER/BIGINT when whole and in
 * range else DOUBLE, bigint BIGINT, boolean BOOLEAN, Date TIMESTAMP, null VOID. The driver
 * cannot bind arrays; they and anything else are `invalid_parameter`.
 */
export function databricksParam(name: string, value: unknown): DatabricksParam {
  if (value === null || value === undefined) return { type: 'VOID', value: null };
  if (typeof value === 'string') return { type: 'STRING', value };
  if (typeof value === 'boolean') return { type: 'BOOLEAN', value: value ? 'true' : 'false' };
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX) {
      return { type: 'INTEGER', value: String(value) };
    }
    if (Number.isSafeInteger(value)) return { type: 'BIGINT', value: String(value) };
    return { type: 'DOUBLE', value: String(value) };
  }
  if (typeof value === 'bigint') {
    if (value < INT64_MIN || value > INT64_MAX) throw invalid(`$${name} does not fit a 64-bit integer`);
    return { type: 'BIGINT', value: value.toString() };
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalid(`$${name} is an invalid date`);
    return { type: 'TIMESTAMP', value: value.toISOString() };
  }
  if (Array.isArray(value)) {
    throw invalid(`$${name}: Databricks cannot bind an array; pass the values one by one or as JSON text`);
  }
  throw invalid(`$${name} must be a string, number, bigint, boolean, Date or null`);
}

function invalid(message: string): WarehouseError {
  return new WarehouseError('invalid_parameter', message);
}

/** One row of a load as an object of the load table's text columns, plus its order number. */
export function loadRecord(
  table: TableSchema,
  values: readonly (LoadValue | null)[],
  order: number,
): Record<string, string | number | null> {
  const record: Record<string, string | number | null> = {};
  table.columns.forEach((column, i) => {
    const value = values[i] ?? null;
    record[column.name] = value === null ? null : String(value);
  });
  record[ORDER_COLUMN] = order;
  return record;
}

/** A result column: its name, our type, and Databricks' own type name. */
export type DescribedQueryColumn = QueryColumn & { dataType: string };

/** The driver's rows (objects by column name) in the interface's JSON-safe form. */
export function resultRows(
  columns: readonly DescribedQueryColumn[],
  rows: readonly Record<string, unknown>[],
): Row[] {
  return rows.map((row) => {
    const out: Row = {};
    for (const column of columns) out[column.name] = resultValue(column.type, row[column.name]);
    return out;
  });
}

export function resultValue(type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer':
      return Number(value);
    case 'bigint':
      return typeof value === 'bigint' || typeof value === 'string' ? safeInteger(value) : Number(value);
    case 'double':
    case 'decimal':
      return typeof value === 'number' ? value : numberFromText(textOf(value));
    case 'boolean':
      return value === true || value === 'true';
    case 'date':
      return dateText(value);
    case 'timestamp':
      return value instanceof Date ? isoFromDate(value) : isoTimestamp(textOf(value));
    case 'json':
      return typeof value === 'string' ? parseJson(value) : jsonSafe(value);
    case 'string':
      return typeof value === 'string'
        ? value
        : Buffer.isBuffer(value)
          ? value.toString('base64')
          : textOf(value);
    default:
      return unreachable(type);
  }
}

function dateText(value: unknown): string {
  if (value instanceof Date) return utcDay(value);
  if (typeof value === 'number') return utcDay(value);
  return textOf(value).slice(0, 10);
}

/** A Date as ISO 8601 UTC without a zero fraction (`2024-01-01T08:00:00Z`, `...00.12Z`). */
export function isoFromDate(date: Date): string {
  return date.toISOString().replace(/\.?0*Z$/, 'Z');
}

/** Nested values of an ARRAY, STRUCT or MAP as JSON-safe values. */
function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return safeInteger(value);
  if (value instanceof Date) return isoFromDate(value);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  }
  return value;
}

/** A scalar as text; anything else as its JSON text. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value) ?? '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
