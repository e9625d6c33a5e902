import {
  DuckDBDecimalValue,
  DuckDBTypeId,
  JsonDuckDBValueConverter,
  VARCHAR,
  type DuckDBMaterializedResult,
  type DuckDBResultReader,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { safeInteger } from '../values';
import type { QueryResult, Row } from '../warehouse';
import { columnTypeFromDuckDbType, keepValue, resultValueConverter } from './duckdb-types';

/** What readDuckDbResult reads of an answer: a streamed reader's, or a materialized one's. */
export type ReadAnswer = Pick<
  DuckDBResultReader,
  'columnTypes' | 'deduplicatedColumnNames' | 'currentRowCount' | 'getColumns'
>;

/**
 * A materialized answer's chunks, read synchronously: each `fetchChunk` of a reader is a trip
 * to DuckDB's thread pool and back (a thread woken, then the event loop), two of them for a
 * one-chunk answer, which on this project's virtual machines cost more than reading the chunks
 * (bench/README.md, report).
 */
export function materializedAnswer(result: DuckDBMaterializedResult): ReadAnswer {
  const columns: DuckDBValue[][] = [];
  for (let i = 0; i < result.chunkCount; i++) result.getChunk(i).appendToColumns(columns);
  return {
    columnTypes: () => result.columnTypes(),
    deduplicatedColumnNames: () => result.deduplicatedColumnNames(),
    currentRowCount: result.rowCount,
    getColumns: () => columns,
  };
}

/**
 * A DuckDB result in the product's form (warehouse.ts): the first `maxRows` rows (all without a
 * limit), each value as `resultValueConverter` gives it from DuckDB's JSON form.
 *
 * Read column by column from DuckDB's own values, not through its JSON conversion: strings,
 * booleans and numbers are used as they come, integers and decimals become numbers without
 * being written as text first. A report's table (500 rows of ten values, read on every cold
 * request) converts in a third of the time. Other types (dates, timestamps, lists, JSON…) still
 * go through the JSON form, so every value equals what that form gives.
 */
export function readDuckDbResult(reader: ReadAnswer, maxRows: number | null): QueryResult {
  const types = reader.columnTypes();
  const names = reader.deduplicatedColumnNames();
  const total = reader.currentRowCount;
  const truncated = maxRows !== null && total > maxRows;
  const count = truncated ? maxRows : total;
  const columns = reader.getColumns();
  const readers = names.map((_, c) => valueReader(types[c] ?? VARCHAR));
  const rows = new Array<Row>(count);
  for (let r = 0; r < count; r++) {
    const row: Row = {};
    for (let c = 0; c < names.length; c++) {
      const value = columns[c]?.[r] ?? null;
      const read = readers[c] ?? null;
      row[names[c] ?? ''] = value === null || read === null ? value : read(value);
    }
    rows[r] = row;
  }
  return {
    columns: names.map((name, c) => ({ name, type: columnTypeFromDuckDbType(types[c] ?? VARCHAR) })),
    rows,
    truncated,
  };
}

/**
 * Types whose values DuckDB gives as the product's: booleans and numbers (NaN and the infinities
 * as such, as numberFromText reads their JSON text).
 */
const AS_GIVEN: ReadonlySet<DuckDBTypeId> = new Set([
  DuckDBTypeId.BOOLEAN,
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
]);

/** Types DuckDB gives as a bigint. */
const BIG_INTEGERS: ReadonlySet<DuckDBTypeId> = new Set([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);

/** How a column's non-null values are read; null when they are used as DuckDB gives them. */
function valueReader(type: DuckDBType): ((value: DuckDBValue) => unknown) | null {
  if (AS_GIVEN.has(type.typeId)) return null;
  if (type.typeId === DuckDBTypeId.VARCHAR) return type.alias === 'JSON' ? fromJson(type) : null;
  const json = fromJson(type);
  if (BIG_INTEGERS.has(type.typeId)) {
    return (value) => (typeof value === 'bigint' ? safeInteger(value) : json(value));
  }
  if (type.typeId === DuckDBTypeId.DECIMAL) {
    return (value) => (value instanceof DuckDBDecimalValue ? decimalNumber(value) : json(value));
  }
  return json;
}

/** Through DuckDB's JSON form and the product's converter of it, as every value once was. */
function fromJson(type: DuckDBType): (value: DuckDBValue) => unknown {
  const convert = resultValueConverter(type);
  return (value) => {
    const json = JsonDuckDBValueConverter(value, type, JsonDuckDBValueConverter);
    return json === null || convert === keepValue ? json : convert(json);
  };
}

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A decimal as the number nearest to it, as reading its text would give: when the scaled value
 * and the power of ten are both exact doubles, their IEEE quotient is that nearest number.
 */
export function decimalNumber(decimal: DuckDBDecimalValue): number {
  const { value, scale } = decimal;
  if (scale <= 22 && value <= MAX_EXACT && value >= -MAX_EXACT) {
    return Number(value) / 10 ** scale;
  }
  return Number(decimal.toString());
}
