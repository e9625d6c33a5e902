import { castFromText } from '../backtick-sql';
import type { ColumnType } from '../warehouse';
import { databricksType } from '../sql-types';

/** The product's column types in Databricks (Delta tables) and back. */

/** Our column type for a Databricks type name (information_schema, DESCRIBE QUERY). */
export function columnTypeFromDatabricks(dataType: string): ColumnType {
  const name = dataType.trim().toUpperCase();
  if (/^(DECIMAL|NUMERIC|DEC)\b/.test(name)) return 'decimal';
  if (/^(ARRAY|STRUCT|MAP|VARIANT|OBJECT)\b/.test(name)) return 'json';
  if (name.startsWith('TIMESTAMP')) return 'timestamp';
  switch (name) {
    case 'INT':
    case 'INTEGER':
    case 'SMALLINT':
    case 'SHORT':
    case 'TINYINT':
    case 'BYTE':
      return 'integer';
    case 'BIGINT':
    case 'LONG':
      return 'bigint';
    case 'DOUBLE':
    case 'FLOAT':
    case 'REAL':
      return 'double';
    case 'BOOLEAN':
      return 'boolean';
    case 'DATE':
      return 'date';
    default:
      return 'string';
  }
}

/** The expression turning load text (or a bound text parameter) into the column's type. */
export const databricksCastFromText = castFromText(
  databricksType,
  (expression) => `PARSE_JSON(${expression})`,
);
