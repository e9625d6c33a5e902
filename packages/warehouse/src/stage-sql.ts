import { WarehouseError } from './errors';
import { qualifiedName, quoteIdentifier } from './identifiers';
import type { ColumnType, RowCondition, TableSchema } from './warehouse';

/**
 * The copy that seeds a staged twin: `INSERT INTO staged SELECT ... FROM live` without the rows
 * matching every condition. Values become positional parameters (`$1`...) cast by `cast` to the
 * column's type; `IS NOT TRUE` keeps rows whose condition is NULL (a NULL date is not "in range").
 */
export function stageCopyStatement(
  schema: string,
  live: TableSchema,
  staged: string,
  except: readonly RowCondition[],
  cast: (parameter: string, type: ColumnType) => string,
): { sql: string; values: unknown[] } {
  const names = live.columns.map((c) => quoteIdentifier(c.name)).join(', ');
  const values: unknown[] = [];
  const bind = (value: unknown, type: ColumnType): string => {
    if (value === null || value === undefined || typeof value === 'object') {
      throw new WarehouseError('invalid_parameter', 'a stage condition needs a string, number or boolean');
    }
    values.push(value);
    return cast(`$${values.length}`, type);
  };
  const conditions = except.map((condition) => {
    const column = live.columns.find((c) => c.name === condition.column);
    if (!column) {
      throw new WarehouseError(
        'schema_mismatch',
        `"${condition.column}" is not a column of table "${live.name}"`,
      );
    }
    const name = quoteIdentifier(column.name);
    return 'equals' in condition
      ? `${name} = ${bind(condition.equals, column.type)}`
      : `${name} BETWEEN ${bind(condition.from, column.type)} AND ${bind(condition.to, column.type)}`;
  });
  const where = conditions.length > 0 ? ` WHERE (${conditions.join(' AND ')}) IS NOT TRUE` : '';
  return {
    sql: `INSERT INTO ${qualifiedName(schema, staged)} (${names}) SELECT ${names} FROM ${qualifiedName(schema, live.name)}${where}`,
    values,
  };
}
