import { qualifiedName, quoteIdentifier } from './identifiers';
import { leadingKeyword, looksReadOnly, readOnlyViolation } from './read-only-sql';
import type { ColumnType, TableSchema } from './warehouse';

const SELECT_ALIAS = '"__maya_select"';

/**
 * The query of a `materialize`, checked to read as one read-only statement and without the
 * trailing semicolons that would end the statement it is wrapped in. The engines' own checks
 * (a wrapped subquery admits only a query; DuckDB's statement type) come on top of this.
 */
export function materializeSelect(selectSql: string): string {
  if (typeof selectSql !== 'string' || leadingKeyword(selectSql) === '') {
    throw readOnlyViolation('no statement');
  }
  if (!looksReadOnly(selectSql)) {
    throw readOnlyViolation(`statement starts with ${leadingKeyword(selectSql).toUpperCase()}`);
  }
  return selectSql.replace(/[\s;]+$/, '');
}

/**
 * `INSERT INTO staged (columns) SELECT ...`: the query becomes a subquery (so that only a query
 * parses there), its columns are taken by name and cast to the declared types (a value that does
 * not convert is the engine's data error, not a silent NULL), in primary-key order. The newline
 * keeps a trailing line comment of the query from swallowing the closing parenthesis.
 */
export function materializeInsertStatement(
  schema: string,
  staged: string,
  table: TableSchema,
  select: string,
  sqlType: (type: ColumnType) => string,
): string {
  const names = table.columns.map((c) => quoteIdentifier(c.name, 'column'));
  const values = table.columns.map(
    (c) => `CAST(${SELECT_ALIAS}.${quoteIdentifier(c.name, 'column')} AS ${sqlType(c.type)})`,
  );
  // Rows are written in primary-key order (model keys start with the day): an engine that keeps
  // each block's minimum and maximum (DuckDB's zone maps) then skips every block outside a
  // report's date range instead of reading the whole table (bench/report.ts: 13-57x).
  const order = table.primaryKey.map((k) => `${SELECT_ALIAS}.${quoteIdentifier(k, 'column')}`);
  return `INSERT INTO ${qualifiedName(schema, staged)} (${names.join(', ')})
SELECT ${values.join(', ')} FROM (
${select}
) AS ${SELECT_ALIAS}${
    order.length > 0
      ? `
ORDER BY ${order.join(', ')}`
      : ''
  }`;
}
