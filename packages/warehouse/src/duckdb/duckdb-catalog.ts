import type { DuckDBConnection } from '@duckdb/node-api';
import { assertIdentifier } from '../identifiers';
import type { ColumnInfo, TableSchema } from '../warehouse';
import { columnTypeFromDuckDbName } from './duckdb-types';

/** Base tables of a schema in the warehouse's own database, sorted. */
export async function listDuckDbTables(conn: DuckDBConnection, schema: string): Promise<string[]> {
  assertIdentifier(schema, 'schema');
  const reader = await conn.runAndReadAll(
    `SELECT table_name FROM information_schema.tables
      WHERE table_catalog = current_database() AND table_schema = $1 AND table_type = 'BASE TABLE'
      ORDER BY table_name`,
    [schema],
  );
  return reader.getRowsJS().map((row) => text(row[0]));
}

/** A table's columns in order, empty when the table does not exist. */
export async function listDuckDbColumns(
  conn: DuckDBConnection,
  schema: string,
  table: string,
): Promise<ColumnInfo[]> {
  return (await readTable(conn, schema, table)).columns;
}

/** The table's definition as the product sees it, or null when it does not exist. */
export async function describeDuckDbTable(
  conn: DuckDBConnection,
  schema: string,
  table: string,
): Promise<TableSchema | null> {
  const { columns, primaryKey } = await readTable(conn, schema, table);
  if (columns.length === 0) return null;
  return {
    name: table,
    columns: columns.map(({ name, type, nullable }) => ({ name, type, nullable })),
    primaryKey,
  };
}

async function readTable(
  conn: DuckDBConnection,
  schema: string,
  table: string,
): Promise<{ columns: ColumnInfo[]; primaryKey: string[] }> {
  assertIdentifier(schema, 'schema');
  assertIdentifier(table, 'table');
  // duckdb_columns() rather than the information_schema view over it: half the cost, and a
  // load reads its table's definition once per batch.
  const columns = await conn.runAndReadAll(
    `SELECT column_name, data_type, is_nullable FROM duckdb_columns()
      WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
      ORDER BY column_index`,
    [schema, table],
  );
  const keys = await conn.runAndReadAll(
    `SELECT constraint_column_names FROM duckdb_constraints()
      WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
        AND constraint_type = 'PRIMARY KEY'`,
    [schema, table],
  );
  const primaryKey = ((keys.getRowsJS()[0]?.[0] as unknown[] | undefined) ?? []).map(text);
  return {
    primaryKey,
    columns: columns.getRowsJS().map(([name, dataType, isNullable]) => ({
      name: text(name),
      type: columnTypeFromDuckDbName(text(dataType)),
      nullable: isNullable === true,
      engineType: text(dataType),
      primaryKey: primaryKey.includes(text(name)),
    })),
  };
}

/** Catalog names and types are VARCHAR. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
