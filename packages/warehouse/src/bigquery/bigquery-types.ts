import { castFromText } from '../backtick-sql';
import type { ColumnType } from '../warehouse';
import { bigQueryType } from '../sql-types';

/** The product's column types in BigQuery and back. */

/**
 * BigQuery has one 64-bit integer type; a column declared `integer` carries this description so
 * that it reads back as `integer` (its values are kept within 32 bits by the loads).
 */
export const INTEGER_MARKER = 'maya:integer';

/** Our column type for a BigQuery type name (INFORMATION_SCHEMA or a result schema). */
export function columnTypeFromBigQuery(dataType: string, description: string | null = null): ColumnType {
  const name = dataType.toUpperCase();
  if (name.startsWith('ARRAY') || name.startsWith('STRUCT') || name === 'RECORD' || name === 'JSON')
    return 'json';
  if (name.startsWith('NUMERIC') || name.startsWith('BIGNUMERIC') || name.startsWith('DECIMAL'))
    return 'decimal';
  switch (name) {
    case 'INT64':
    case 'INTEGER':
      return description === INTEGER_MARKER ? 'integer' : 'bigint';
    case 'FLOAT64':
    case 'FLOAT':
      return 'double';
    case 'BOOL':
    case 'BOOLEAN':
      return 'boolean';
    case 'DATE':
      return 'date';
    case 'TIMESTAMP':
    case 'DATETIME':
      return 'timestamp';
    default:
      return 'string';
  }
}

/** The expression turning load text (or a bound text parameter) into the column's type. */
export const bigQueryCastFromText = castFromText(
  bigQueryType,
  (expression) => `PARSE_JSON(${expression}, wide_number_mode => 'round')`,
);
