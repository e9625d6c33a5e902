import { ORDER_COLUMN } from '../backtick-sql';
import { WarehouseError } from '../errors';
import type { LoadValue } from '../values';
import { isoTimestamp, numberFromText, safeInteger } from '../values';
import type { ColumnType, QueryColumn, Row, TableSchema } from '../warehouse';
import { columnTypeFromBigQuery } from './bigquery-types';

/**
 * Values crossing the BigQuery API: query parameters in the REST form (`queryParameters`), rows
 * of a load as newline-delimited JSON, and result rows in the REST form (`{f: [{v}]}`, every
 * scalar as text) turned into the interface's JSON-safe values.
 */

export type BigQueryParameterType = { type: string; arrayType?: BigQueryParameterType };
/** A NULL has neither `value` nor `arrayValues`. */
export type BigQueryParameterValue = { value?: string; arrayValues?: BigQueryParameterValue[] };
export type BigQueryParameter = {
  name: string;
  parameterType: BigQueryParameterType;
  parameterValue: BigQueryParameterValue;
};

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A text parameter (the adapter's own: table names, stage condition values). */
export function textParameter(name: string, value: string): BigQueryParameter {
  return { name, parameterType: { type: 'STRING' }, parameterValue: { value } };
}

/**
 * A caller's value as a typed BigQuery parameter: string STRING, integer number INT64, other
 * number FLOAT64, bigint INT64, boolean BOOL, Date TIMESTAMP, an array ARRAY of its elements'
 * type, null a NULL STRING. Anything else is `invalid_parameter`.
 */
export function bigQueryParameter(name: string, value: unknown): BigQueryParameter {
  const { type, parameterValue } = typed(`$${name}`, value, true);
  return { name, parameterType: type, parameterValue };
}

function typed(
  label: string,
  value: unknown,
  arrayAllowed: boolean,
): { type: BigQueryParameterType; parameterValue: BigQueryParameterValue } {
  if (value === null || value === undefined) return { type: { type: 'STRING' }, parameterValue: {} };
  if (typeof value === 'string') return scalar('STRING', value);
  if (typeof value === 'boolean') return scalar('BOOL', value ? 'true' : 'false');
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return scalar('INT64', String(value));
    return scalar('FLOAT64', Number.isNaN(value) ? 'NaN' : String(value));
  }
  if (typeof value === 'bigint') {
    if (value < INT64_MIN || value > INT64_MAX) throw invalid(`${label} does not fit a 64-bit integer`);
    return scalar('INT64', value.toString());
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalid(`${label} is an invalid date`);
    return scalar('TIMESTAMP', value.toISOString());
  }
  if (Array.isArray(value) && arrayAllowed) {
    const items = value.map((item, i) => typed(`${label}[${i}]`, item, false));
    const types = new Set(
      items.filter((_, i) => value[i] !== null && value[i] !== undefined).map((t) => t.type.type),
    );
    if (types.size > 1) throw invalid(`${label} mixes ${[...types].join(' and ')} values`);
    const element = [...types][0] ?? 'STRING';
    return {
      type: { type: 'ARRAY', arrayType: { type: element } },
      parameterValue: { arrayValues: items.map((t) => t.parameterValue) },
    };
  }
  throw invalid(`${label} must be a string, number, bigint, boolean, Date, array of those, or null`);
}

function scalar(
  type: string,
  value: string,
): { type: BigQueryParameterType; parameterValue: BigQueryParameterValue } {
  return { type: { type }, parameterValue: { value } };
}

function invalid(message: string): WarehouseError {
  return new WarehouseError('invalid_parameter', message);
}

/**
 * One row of a load as a line of newline-delimited JSON for the load table: every value as the
 * text the MERGE casts (BigQuery spells the non-finite doubles `inf`, `-inf`, `nan`), plus the
 * row's order number.
 */
export function loadLine(table: TableSchema, values: readonly (LoadValue | null)[], order: number): string {
  const line: Record<string, string | number | null> = {};
  table.columns.forEach((column, i) => {
    const value = values[i] ?? null;
    line[column.name] = value === null ? null : loadText(value);
  });
  line[ORDER_COLUMN] = order;
  return JSON.stringify(line);
}

function loadText(value: LoadValue): string {
  if (typeof value !== 'number' || Number.isFinite(value)) return String(value);
  if (Number.isNaN(value)) return 'nan';
  return value > 0 ? 'inf' : '-inf';
}

/** A field of a result schema (REST `TableFieldSchema`). */
export type BigQueryField = {
  name: string;
  type: string;
  mode?: string | null;
  fields?: BigQueryField[] | null;
};
/** A row in the REST form: one cell per field, `v` text, null, a nested row or an array. */
export type BigQueryRawRow = { f: { v: unknown }[] };

/** The result's columns in the interface's terms. */
export function queryColumns(fields: readonly BigQueryField[]): QueryColumn[] {
  return fields.map((f) => ({ name: f.name, type: fieldType(f) }));
}

function fieldType(field: BigQueryField): ColumnType {
  return field.mode === 'REPEATED' ? 'json' : columnTypeFromBigQuery(field.type);
}

/** Result rows in the REST form as the interface's JSON-safe rows. */
export function resultRows(fields: readonly BigQueryField[], rows: readonly BigQueryRawRow[]): Row[] {
  return rows.map((row) => {
    const out: Row = {};
    fields.forEach((field, i) => {
      out[field.name] = fieldValue(field, row.f[i]?.v ?? null);
    });
    return out;
  });
}

function fieldValue(field: BigQueryField, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (field.mode === 'REPEATED') {
    const items = Array.isArray(v) ? (v as { v: unknown }[]) : [];
    return items.map((item) => fieldValue({ ...field, mode: 'NULLABLE' }, item.v));
  }
  const type = field.type.toUpperCase();
  if (type === 'RECORD' || type === 'STRUCT') {
    const cells = (v as { f?: { v: unknown }[] }).f ?? [];
    const out: Row = {};
    (field.fields ?? []).forEach((sub, i) => {
      out[sub.name] = fieldValue(sub, cells[i]?.v ?? null);
    });
    return out;
  }
  // Scalars arrive as text; anything else is not a scalar of this type and is kept as JSON text.
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  switch (type) {
    case 'INT64':
    case 'INTEGER':
      return safeInteger(text);
    case 'FLOAT64':
    case 'FLOAT':
    case 'NUMERIC':
    case 'BIGNUMERIC':
      return numberFromText(text);
    case 'BOOL':
    case 'BOOLEAN':
      return text === 'true';
    case 'TIMESTAMP':
      return timestampText(text);
    case 'DATETIME':
      return isoTimestamp(text);
    case 'JSON':
      return parseJson(text);
    default:
      return text;
  }
}

/**
 * A TIMESTAMP as BigQuery sends it: microseconds since the epoch (`useInt64Timestamp`), or
 * seconds in floating point (the older form). Returned as ISO 8601 UTC, fraction trimmed.
 */
export function timestampText(text: string): string {
  if (/^-?\d+$/.test(text)) return isoFromMicros(BigInt(text));
  const seconds = Number(text);
  if (!Number.isFinite(seconds)) return text;
  return isoFromMicros(BigInt(Math.round(seconds * 1_000_000)));
}

export function isoFromMicros(micros: bigint): string {
  let seconds = micros / 1_000_000n;
  let fraction = micros % 1_000_000n;
  if (fraction < 0n) {
    fraction += 1_000_000n;
    seconds -= 1n;
  }
  const whole = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  const digits = fraction.toString().padStart(6, '0').replace(/0+$/, '');
  return `${whole}${digits === '' ? '' : `.${digits}`}Z`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
