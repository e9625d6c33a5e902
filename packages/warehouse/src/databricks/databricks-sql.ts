import {
  LOAD_TABLE_PREFIX,
  ORDER_COLUMN,
  backtick,
  bindPlaceholders,
  describedTable,
  exceptFilter,
  insertSelectStatement,
  mergeStatement,
  tableChangeStatements,
  type PlaceholderStyle,
} from '../backtick-sql';
import { WarehouseError } from '../errors';
import { assertIdentifier } from '../identifiers';
import type { Column, ColumnInfo, QueryParams, Row, RowCondition, TableSchema } from '../warehouse';
import { columnTypeFromDatabricks, databricksCastFromText } from './databricks-types';
import { databricksType } from '../sql-types';
import {
  databricksParam,
  textParam,
  type DatabricksParam,
  type DescribedQueryColumn,
} from './databricks-values';

/**
 * Databricks SQL for every Warehouse method, as pure functions (the adapter only sends them).
 * Tables are Delta tables in Unity Catalog: `catalog`.`schema`.`table`.
 */

export type DatabricksStatement = { sql: string; params: Record<string, DatabricksParam> };

export const DATABRICKS_PLACEHOLDERS: PlaceholderStyle = {
  marker: (name) => `:${name}`,
  hashComments: false,
  tripleQuotes: false,
};

/** Unity Catalog names: letters, digits, `_` and `-` (quoted, so `-` is fine). */
const CATALOG = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,254}$/;

export function checkCatalog(catalog: string): string {
  if (typeof catalog !== 'string' || !CATALOG.test(catalog)) {
    throw new WarehouseError(
      'invalid_parameter',
      `invalid Unity Catalog catalog name ${JSON.stringify(catalog)}`,
    );
  }
  return `\`${catalog}\``;
}

/** A catalog's tables: `catalog`.`schema`.`table`, with the catalog already quoted. */
export type Names = { catalog: string };

export function schemaName(names: Names, schema: string): string {
  return `${names.catalog}.${backtick(schema, 'schema')}`;
}

export function tableName(names: Names, schema: string, table: string): string {
  return `${schemaName(names, schema)}.${backtick(table, 'table')}`;
}

export const SESSION_SETUP_SQL = "SET TIME ZONE 'UTC'";

export function createSchemaSql(names: Names, schema: string): string {
  return `CREATE SCHEMA IF NOT EXISTS ${schemaName(names, schema)}`;
}

export function dropTableSql(names: Names, schema: string, table: string): string {
  return `DROP TABLE IF EXISTS ${tableName(names, schema, table)}`;
}

function columnDefinition(column: Column): string {
  return `${backtick(column.name)} ${databricksType(column.type)}${column.nullable ? '' : ' NOT NULL'}`;
}

/** The column list with the primary key (Unity Catalog records it; Delta enforces NOT NULL). */
export function tableDefinition(table: TableSchema): string {
  const key = table.primaryKey.map((k) => backtick(k)).join(', ');
  return `(${table.columns.map(columnDefinition).join(', ')}, PRIMARY KEY (${key}))`;
}

/** The DDL bringing a table to its declared definition (see `tableChangeStatements`). */
export function tableChangeSql(
  names: Names,
  schema: string,
  declared: TableSchema,
  existing: TableSchema | null,
): string[] {
  return tableChangeStatements(tableName(names, schema, declared.name), declared, existing, {
    definition: tableDefinition,
    addColumns: (columns) => `ADD COLUMNS (${columns.map(columnDefinition).join(', ')})`,
    // Delta's type widening stops at BIGINT → DECIMAL: the table is rewritten with the column
    // cast, in one atomic replace.
    widenColumns: (name, table, columns) => {
      const widened = new Set(columns.map((c) => c.name));
      const select = table.columns
        .map((c) =>
          widened.has(c.name)
            ? `CAST(${backtick(c.name)} AS DOUBLE) AS ${backtick(c.name)}`
            : backtick(c.name),
        )
        .join(', ');
      return [`CREATE OR REPLACE TABLE ${name} ${tableDefinition(table)} AS SELECT ${select} FROM ${name}`];
    },
  });
}

/** Replaces `target` by a Delta table of `definition`'s shape holding a query's rows, atomically. */
export function createAsSelectSql(
  names: Names,
  schema: string,
  definition: TableSchema,
  query: string,
): string {
  return `CREATE OR REPLACE TABLE ${tableName(names, schema, definition.name)} ${tableDefinition(definition)} AS ${query}`;
}

export function createEmptySql(names: Names, schema: string, definition: TableSchema): string {
  return `CREATE OR REPLACE TABLE ${tableName(names, schema, definition.name)} ${tableDefinition(definition)}`;
}

function selectColumns(names: Names, schema: string, table: TableSchema): string {
  return `SELECT ${table.columns.map((c) => backtick(c.name)).join(', ')} FROM ${tableName(names, schema, table.name)}`;
}

/** `stage`: staged replaced by a copy of live without the rows matching every condition. */
export function stageSql(
  names: Names,
  schema: string,
  live: TableSchema,
  staged: string,
  except: readonly RowCondition[],
): DatabricksStatement {
  const filter = exceptFilter(live, except, (n) => `:c${n}`, databricksCastFromText);
  return {
    sql: createAsSelectSql(
      names,
      schema,
      { ...live, name: staged },
      `${selectColumns(names, schema, live)}${filter.where}`,
    ),
    params: Object.fromEntries(filter.values.map((value, i) => [`c${i + 1}`, textParam(value)])),
  };
}

/** `swap`: live replaced by a copy of staged in one Delta commit; the adapter drops staged after. */
export function swapSql(names: Names, schema: string, staged: TableSchema, live: string): string {
  return createAsSelectSql(names, schema, { ...staged, name: live }, selectColumns(names, schema, staged));
}

/** The load table: every column as text plus the order number. */
export function createLoadTableSql(names: Names, schema: string, load: string, table: TableSchema): string {
  const columns = table.columns.map((c) => `${backtick(c.name)} STRING`);
  return `CREATE TABLE ${tableName(names, schema, load)} (${columns.join(', ')}, ${backtick(ORDER_COLUMN)} BIGINT)`;
}

/**
 * One chunk of a load: the rows travel as one JSON text parameter (`:rows`, an array of objects)
 * and are unpacked by the engine into the load table.
 */
export function insertChunkSql(names: Names, schema: string, load: string, table: TableSchema): string {
  const fields = [
    ...table.columns.map((c) => `${backtick(c.name)}: STRING`),
    `${backtick(ORDER_COLUMN)}: BIGINT`,
  ];
  return (
    `INSERT INTO ${tableName(names, schema, load)} ` +
    `SELECT inline(from_json(:rows, 'ARRAY<STRUCT<${fields.join(', ')}>>'))`
  );
}

export function mergeSql(
  names: Names,
  schema: string,
  target: string,
  load: string,
  table: TableSchema,
): string {
  return mergeStatement(
    tableName(names, schema, target),
    tableName(names, schema, load),
    table,
    databricksCastFromText,
  );
}

export function materializeInsertSql(
  names: Names,
  schema: string,
  staged: string,
  table: TableSchema,
  selectSql: string,
): string {
  return insertSelectStatement(tableName(names, schema, staged), table, selectSql, databricksType);
}

/** Tables (not views) of the schema, load tables left out. */
export function listTablesSql(names: Names, schema: string): DatabricksStatement {
  return {
    sql:
      `SELECT table_name FROM ${names.catalog}.information_schema.tables ` +
      `WHERE table_schema = :schema AND table_type NOT IN ('VIEW', 'MATERIALIZED_VIEW', 'METRIC_VIEW') ` +
      `AND NOT startswith(table_name, '${LOAD_TABLE_PREFIX}') ORDER BY table_name`,
    params: { schema: textParam(assertIdentifier(schema, 'schema')) },
  };
}

/** A table's columns in order, with their position in the primary key. */
export function describeTableSql(names: Names, schema: string, table: string): DatabricksStatement {
  const info = `${names.catalog}.information_schema`;
  return {
    sql:
      `SELECT c.column_name, c.data_type, c.full_data_type, c.is_nullable, k.ordinal_position AS key_position ` +
      `FROM ${info}.columns AS c ` +
      `LEFT JOIN (SELECT u.column_name, u.ordinal_position FROM ${info}.table_constraints AS t ` +
      `JOIN ${info}.key_column_usage AS u ON u.constraint_catalog = t.constraint_catalog ` +
      `AND u.constraint_schema = t.constraint_schema AND u.constraint_name = t.constraint_name ` +
      `WHERE t.table_schema = :schema AND t.table_name = :table AND t.constraint_type = 'PRIMARY KEY') AS k ` +
      `ON k.column_name = c.column_name ` +
      `WHERE c.table_schema = :schema AND c.table_name = :table ORDER BY c.ordinal_position`,
    params: {
      schema: textParam(assertIdentifier(schema, 'schema')),
      table: textParam(assertIdentifier(table, 'table')),
    },
  };
}

export function columnsFromDescription(rows: readonly Row[]): ColumnInfo[] {
  return rows.map((r) => ({
    name: String(r.column_name),
    type: columnTypeFromDatabricks(String(r.data_type)),
    nullable: r.is_nullable === 'YES',
    engineType: String(r.full_data_type ?? r.data_type),
    primaryKey: r.key_position !== null && r.key_position !== undefined,
  }));
}

export function tableFromDescription(name: string, rows: readonly Row[]): TableSchema | null {
  return describedTable(name, rows, columnsFromDescription(rows));
}

/** A statement with the product's placeholders bound as Databricks named parameters. */
export function bindQuery(sql: string, params: QueryParams): DatabricksStatement {
  const { text, values } = bindPlaceholders(sql, params, DATABRICKS_PLACEHOLDERS);
  return {
    sql: text,
    params: Object.fromEntries(values.map(([name, value]) => [name, databricksParam(name, value)])),
  };
}

/**
 * The engine's check that a statement is one query: `DESCRIBE QUERY` accepts nothing else, and
 * names the result's columns and types without running it.
 */
export function describeQuerySql(statement: DatabricksStatement): DatabricksStatement {
  return { sql: `DESCRIBE QUERY ${statement.sql}`, params: statement.params };
}

/** The result columns `DESCRIBE QUERY` reports (`col_name`, `data_type`). */
export function describedQueryColumns(rows: readonly Row[]): DescribedQueryColumn[] {
  return rows.map((r) => ({
    name: String(r.col_name),
    dataType: String(r.data_type),
    type: columnTypeFromDatabricks(String(r.data_type)),
  }));
}
