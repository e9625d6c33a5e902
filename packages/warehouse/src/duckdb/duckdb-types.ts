import { unreachable } from '@maya/contracts';
import { DuckDBTypeId, type DuckDBType, type Json } from '@duckdb/node-api';
import { isoTimestamp, numberFromText, safeInteger } from '../values';
import type { ColumnType } from '../warehouse';
import { duckDbSqlType } from '../sql-types';

export type LoadColumnType = 'VARCHAR' | 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN';

/** The type of the column in the temporary load table the appender fills (see values.ts). */
export function duckDbLoadType(type: ColumnType): LoadColumnType {
  switch (type) {
    case 'integer':
      return 'INTEGER';
    case 'bigint':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'string':
    case 'decimal':
    case 'date':
    case 'timestamp':
    case 'json':
      return 'VARCHAR';
    default:
      return unreachable(type);
  }
}

/** The expression turning a load-table column into the column's type. */
export function duckDbCastFromLoad(quotedColumn: string, type: ColumnType): string {
  switch (type) {
    case 'decimal':
    case 'date':
    case 'json':
      return `CAST(${quotedColumn} AS ${duckDbSqlType(type)})`;
    case 'timestamp':
      // Through TIMESTAMPTZ so that an offset in the text is honoured; no offset means UTC.
      return `CAST(CAST(${quotedColumn} AS TIMESTAMPTZ) AS TIMESTAMP)`;
    case 'string':
    case 'integer':
    case 'bigint':
    case 'double':
    case 'boolean':
      return quotedColumn;
    default:
      return unreachable(type);
  }
}

/** Our column type for a DuckDB type name as information_schema spells it. */
export function columnTypeFromDuckDbName(dataType: string): ColumnType {
  const name = dataType.toUpperCase();
  if (name === 'JSON') return 'json';
  if (name.endsWith(']') || /^(STRUCT|MAP|UNION)\b/.test(name)) return 'json';
  if (name.startsWith('DECIMAL') || name.startsWith('NUMERIC')) return 'decimal';
  if (name.startsWith('TIMESTAMP')) return 'timestamp';
  switch (name) {
    case 'TINYINT':
    case 'SMALLINT':
    case 'INTEGER':
    case 'UTINYINT':
    case 'USMALLINT':
      return 'integer';
    case 'UINTEGER':
    case 'BIGINT':
    case 'UBIGINT':
    case 'HUGEINT':
    case 'UHUGEINT':
    case 'BIGNUM':
      return 'bigint';
    case 'FLOAT':
    case 'DOUBLE':
      return 'double';
    case 'BOOLEAN':
      return 'boolean';
    case 'DATE':
      return 'date';
    default:
      return 'string';
  }
}

/** Our column type for a result column. */
export function columnTypeFromDuckDbType(type: DuckDBType): ColumnType {
  switch (type.typeId) {
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
      return 'integer';
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
      return 'bigint';
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return 'double';
    case DuckDBTypeId.DECIMAL:
      return 'decimal';
    case DuckDBTypeId.BOOLEAN:
      return 'boolean';
    case DuckDBTypeId.DATE:
      return 'date';
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return 'timestamp';
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
    case DuckDBTypeId.STRUCT:
    case DuckDBTypeId.MAP:
    case DuckDBTypeId.UNION:
    case DuckDBTypeId.VARIANT:
      return 'json';
    case DuckDBTypeId.VARCHAR:
      return type.alias === 'JSON' ? 'json' : 'string';
    case DuckDBTypeId.UUID:
    case DuckDBTypeId.ENUM:
    case DuckDBTypeId.BLOB:
    case DuckDBTypeId.BIT:
    case DuckDBTypeId.INTERVAL:
    case DuckDBTypeId.TIME:
    case DuckDBTypeId.TIME_NS:
    case DuckDBTypeId.TIME_TZ:
    case DuckDBTypeId.GEOMETRY:
    case DuckDBTypeId.SQLNULL:
    case DuckDBTypeId.ANY:
    case DuckDBTypeId.STRING_LITERAL:
    case DuckDBTypeId.INTEGER_LITERAL:
    default:
      return 'string';
  }
}

/** The converter of values DuckDB's JSON already gives as they are read (callers skip it). */
export const keepValue = (value: Json): unknown => value;

/** Turns a value from DuckDB's JSON conversion into the product's result form (warehouse.ts). */
export function resultValueConverter(type: DuckDBType): (value: Json) => unknown {
  switch (columnTypeFromDuckDbType(type)) {
    case 'bigint':
      return (v) => (typeof v === 'string' || typeof v === 'number' ? safeInteger(v) : v);
    case 'double':
    case 'decimal':
      return (v) => (typeof v === 'string' || typeof v === 'number' ? numberFromText(v) : v);
    case 'timestamp':
      return (v) => (typeof v === 'string' ? isoTimestamp(v) : v);
    case 'json':
      if (type.typeId !== DuckDBTypeId.VARCHAR) return (v) => v;
      return (v) => (typeof v === 'string' ? parseJson(v) : v);
    case 'string':
    case 'integer':
    case 'boolean':
    case 'date':
      return keepValue;
    default:
      return unreachable(columnTypeFromDuckDbType(type) as never);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
