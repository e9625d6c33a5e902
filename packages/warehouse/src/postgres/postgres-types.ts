import { unreachable } from '@maya/contracts';
import { isoTimestamp, numberFromText, safeInteger } from '../values';
import type { ColumnType } from '../warehouse';
import { pgSqlType } from '../sql-types';

/** Our column type for a type as information_schema.columns.data_type spells it. */
export function columnTypeFromPgName(dataType: string): ColumnType {
  switch (dataType) {
    case 'smallint':
    case 'integer':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'real':
    case 'double precision':
      return 'double';
    case 'numeric':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return 'timestamp';
    case 'json':
    case 'jsonb':
    case 'ARRAY':
      return 'json';
    default:
      return 'string';
  }
}

const OID = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  numeric: 1700,
  jsonb: 3802,
} as const;

/** Our column type for a result column's type OID. */
export function columnTypeFromPgOid(oid: number): ColumnType {
  switch (oid) {
    case OID.int2:
    case OID.int4:
    case OID.oid:
      return 'integer';
    case OID.int8:
      return 'bigint';
    case OID.float4:
    case OID.float8:
      return 'double';
    case OID.numeric:
      return 'decimal';
    case OID.bool:
      return 'boolean';
    case OID.date:
      return 'date';
    case OID.timestamp:
    case OID.timestamptz:
      return 'timestamp';
    case OID.json:
    case OID.jsonb:
      return 'json';
    default:
      return 'string';
  }
}

/** Turns PostgreSQL's text form of a value into the product's result form (warehouse.ts). */
export function pgResultConverter(oid: number): (text: string) => unknown {
  switch (columnTypeFromPgOid(oid)) {
    case 'integer':
      return (v) => Number(v);
    case 'bigint':
      return (v) => safeInteger(v);
    case 'double':
    case 'decimal':
      return (v) => numberFromText(v);
    case 'boolean':
      return (v) => v === 't' || v === 'true';
    case 'timestamp':
      return (v) => isoTimestamp(v);
    case 'json':
      return (v) => JSON.parse(v) as unknown;
    case 'date':
    case 'string':
      return (v) => v;
    default:
      return unreachable(columnTypeFromPgOid(oid) as never);
  }
}

/** The cast from the text a load sends to the column's type. */
export function pgCastFromText(expression: string, type: ColumnType): string {
  return type === 'string' ? expression : `${expression}::${pgSqlType(type)}`;
}
