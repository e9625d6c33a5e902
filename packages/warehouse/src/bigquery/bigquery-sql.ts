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
import { INTEGER_MARKER, bigQueryCastFromText, columnTypeFromBigQuery } from './bigquery-types';
import { bigQueryType } from '../sql-types';
import { bigQueryParameter, textParameter, type BigQueryParameter } from './bigquery-values';

/**
 * BigQuery's SQL for every Warehouse method, as pure functions (the adapter only sends them).
 * A schema is a dataset; a table is `dataset`.`table` in the client's project.
 */

export type BigQueryStatement = { sql: string; params: BigQueryParameter[] };

export const BIGQUERY_PLACEHOLDERS: PlaceholderStyle = {
  marker: (name) => `@${name}`,
  hashComments: true,
  tripleQuotes: true,
};

/** A dataset location as BigQuery names them (`EU`, `US`, `europe-west3`). */
const LOCATION = /^[A-Za-z][A-Za-z0-9-]{0,62}$/;

export function checkLocation(location: string): string {
  if (typeof location !== 'string' || !LOCATION.test(location)) {
    throw new WarehouseError('invalid_parameter', `invalid BigQuery location ${JSON.stringify(location)}`);
  }
  return location;
}

/** `dataset`.`table`. */
export function bigQueryTableName(dataset: string, table: string): string {
  return `${backtick(dataset, 'dataset')}.${backtick(table, 'table')}`;
}

export function createDatasetSql(dataset: string, location: string): string {
  return `CREATE SCHEMA IF NOT EXISTS ${backtick(dataset, 'dataset')} OPTIONS (location = '${checkLocation(location)}')`;
}

export function dropTableSql(dataset: string, table: string): string {
  return `DROP TABLE IF EXISTS ${bigQueryTableName(dataset, table)}`;
}

function columnDefinition(column: Column): string {
  const options = column.type === 'integer' ? ` OPTIONS (description = '${INTEGER_MARKER}')` : '';
  return `${backtick(column.name)} ${bigQueryType(column.type)}${column.nullable ? '' : ' NOT NULL'}${options}`;
}

/** The column list of a table, primary key included (BigQuery records it, never enforces it). */
export function tableDefinition(table: TableSchema): string {
  const key = table.primaryKey.map((k) => backtick(k)).join(', ');
  return `(${table.columns.map(columnDefinition).join(', ')}, PRIMARY KEY (${key}) NOT ENFORCED)`;
}

/** The DDL that brings a table to its declared definition (see `tableChangeStatements`). */
export function tableChangeSql(
  dataset: string,
  declared: TableSchema,
  existing: TableSchema | null,
): string[] {
  return tableChangeStatements(bigQueryTableName(dataset, declared.name), declared, existing, {
    definition: tableDefinition,
    addColumns: (columns) => columns.map((c) => `ADD COLUMN ${columnDefinition(c)}`).join(', '),
    // INT64 coerces to FLOAT64, which BigQuery allows in place (one statement: all or none).
    widenColumns: (name, _table, columns) => [
      `ALTER TABLE ${name} ${columns.map((c) => `ALTER COLUMN ${backtick(c.name)} SET DATA TYPE FLOAT64`).join(', ')}`,
    ],
  });
}

/** Replaces `target` by a table of `definition`'s shape holding the rows of a query, in one job. */
export function createAsSelectSql(
  dataset: string,
  target: string,
  definition: TableSchema,
  query: string,
): string {
  return `CREATE OR REPLACE TABLE ${bigQueryTableName(dataset, target)} ${tableDefinition(definition)} AS ${query}`;
}

/** An empty table of `definition`, replacing any table of its name. */
export function createEmptySql(dataset: string, definition: TableSchema): string {
  return `CREATE OR REPLACE TABLE ${bigQueryTableName(dataset, definition.name)} ${tableDefinition(definition)}`;
}

function selectColumns(dataset: string, table: TableSchema, from: string): string {
  return `SELECT ${table.columns.map((c) => backtick(c.name)).join(', ')} FROM ${bigQueryTableName(dataset, from)}`;
}

/**
 * `stage`: the staged twin replaced, in one job, by a copy of live without the rows matching
 * every condition; condition values are text parameters `@c1`... cast to the column's type.
 */
export function stageSql(
  dataset: string,
  live: TableSchema,
  staged: string,
  except: readonly RowCondition[],
): BigQueryStatement {
  const filter = exceptFilter(live, except, (n) => `@c${n}`, bigQueryCastFromText);
  return {
    sql: createAsSelectSql(
      dataset,
      staged,
      { ...live, name: staged },
      `${selectColumns(dataset, live, live.name)}${filter.where}`,
    ),
    params: filter.values.map((value, i) => textParameter(`c${i + 1}`, value)),
  };
}

/**
 * `swap`: live replaced by a copy of staged in one job. BigQuery's transactions cannot hold DDL
 * on permanent tables, and a table with a primary key cannot be renamed; CREATE OR REPLACE is
 * atomic (readers see the old table or the new one). The adapter drops staged afterwards.
 */
export function swapSql(dataset: string, staged: TableSchema, live: string): string {
  return createAsSelectSql(
    dataset,
    live,
    { ...staged, name: live },
    selectColumns(dataset, staged, staged.name),
  );
}

/**
 * The load table a load's rows are sent to: every column as text plus the order number; it
 * expires after a day in case the process dies before dropping it.
 */
export function createLoadTableSql(dataset: string, load: string, table: TableSchema): string {
  const columns = table.columns.map((c) => `${backtick(c.name)} STRING`);
  return (
    `CREATE TABLE ${bigQueryTableName(dataset, load)} (${columns.join(', ')}, ${backtick(ORDER_COLUMN)} INT64) ` +
    `OPTIONS (expiration_timestamp = TIMESTAMP_ADD(CURRENT_TIMESTAMP(), INTERVAL 1 DAY))`
  );
}

/** The load job's schema for the load table. */
export function loadTableFields(table: TableSchema): { name: string; type: string; mode: string }[] {
  return [
    ...table.columns.map((c) => ({ name: c.name, type: 'STRING', mode: 'NULLABLE' })),
    { name: ORDER_COLUMN, type: 'INT64', mode: 'REQUIRED' },
  ];
}

export function mergeSql(dataset: string, target: string, load: string, table: TableSchema): string {
  return mergeStatement(
    bigQueryTableName(dataset, target),
    bigQueryTableName(dataset, load),
    table,
    bigQueryCastFromText,
  );
}

/** `materialize`: fills the staged table from the query, its columns taken by name. */
export function materializeInsertSql(
  dataset: string,
  staged: string,
  table: TableSchema,
  selectSql: string,
): string {
  return insertSelectStatement(bigQueryTableName(dataset, staged), table, selectSql, bigQueryType);
}

/** Base tables of the dataset, load tables left out. */
export function listTablesSql(dataset: string): string {
  return (
    `SELECT table_name FROM ${backtick(dataset, 'dataset')}.INFORMATION_SCHEMA.TABLES ` +
    `WHERE table_type = 'BASE TABLE' AND NOT STARTS_WITH(table_name, '${LOAD_TABLE_PREFIX}') ORDER BY table_name`
  );
}

/** A table's columns in order, with their description and position in the primary key. */
export function describeTableSql(dataset: string, table: string): BigQueryStatement {
  assertIdentifier(table, 'table');
  const schema = `${backtick(dataset, 'dataset')}.INFORMATION_SCHEMA`;
  return {
    sql:
      `SELECT c.column_name, c.data_type, c.is_nullable, p.description, k.ordinal_position AS key_position ` +
      `FROM ${schema}.COLUMNS AS c ` +
      `LEFT JOIN ${schema}.COLUMN_FIELD_PATHS AS p ` +
      `ON p.table_name = c.table_name AND p.column_name = c.column_name AND p.field_path = c.column_name ` +
      `LEFT JOIN (SELECT u.column_name, u.ordinal_position FROM ${schema}.TABLE_CONSTRAINTS AS t ` +
      `JOIN ${schema}.KEY_COLUMN_USAGE AS u ON u.constraint_name = t.constraint_name AND u.table_name = t.table_name ` +
      `WHERE t.table_name = @table AND t.constraint_type = 'PRIMARY KEY') AS k ON k.column_name = c.column_name ` +
      `WHERE c.table_name = @table ORDER BY c.ordinal_position`,
    params: [textParameter('table', table)],
  };
}

/** The columns of `describeTableSql`'s rows as the interface reports them. */
export function columnsFromDescription(rows: Row[]): ColumnInfo[] {
  return rows.map((r) => ({
    name: String(r.column_name),
    type: columnTypeFromBigQuery(
      String(r.data_type),
      typeof r.description === 'string' ? r.description : null,
    ),
    nullable: r.is_nullable === 'YES',
    engineType: String(r.data_type),
    primaryKey: r.key_position !== null && r.key_position !== undefined,
  }));
}

/** The table's definition from `describeTableSql`'s rows, or null when it has no columns. */
export function tableFromDescription(name: string, rows: Row[]): TableSchema | null {
  return describedTable(name, rows, columnsFromDescription(rows));
}

/** A read-only statement with the product's placeholders bound as BigQuery named parameters. */
export function bindQuery(sql: string, params: QueryParams): BigQueryStatement {
  const { text, values } = bindPlaceholders(sql, params, BIGQUERY_PLACEHOLDERS);
  return { sql: text, params: values.map(([name, value]) => bigQueryParameter(name, value)) };
}
