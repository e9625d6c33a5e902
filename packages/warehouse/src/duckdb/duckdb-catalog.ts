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
  return (await describeDuckDbStorage(conn, schema, table))?.table ?? null;
}

/**
 * The table's definition and whether DuckDB indexes its primary key. A swapped-in table keeps its
 * key as a declaration only (duckdb-staging.ts): loads into it merge by key themselves.
 */
export async function describeDuckDbStorage(
  conn: DuckDBConnection,
  schema: string,
  table: string,
): Promise<{ table: TableSchema; keyIndexed: boolean } | null> {
  const { columns, primaryKey, keyIndexed } = await readTable(conn, schema, table);
  if (columns.length === 0) return null;
  return {
    table: {
      name: table,
      columns: columns.map(({ name, type, nullable }) => ({ name, type, nullable })),
      primaryKey,
    },
    keyIndexed,
  };
}

// A primary key kept as a declaration lives in the table's comment as `maya:primary_key=[...]`.
const KEY_COMMENT_PREFIX = 'maya:primary_key=';

/** The comment that declares `keys` the primary key of a table that has no index on them. */
export function declaredKeyComment(keys: readonly string[]): string {
  return `${KEY_COMMENT_PREFIX}${JSON.stringify(keys)}`;
}

function keyFromComment(comment: unknown): string[] {
  if (typeof comment !== 'string' || !comment.startsWith(KEY_COMMENT_PREFIX)) return [];
  try {
    const keys: unknown = JSON.parse(comment.slice(KEY_COMMENT_PREFIX.length));
    return Array.isArray(keys) ? keys.map(text).filter((k) => k !== '') : [];
  } catch {
    return [];
  }
}

async function readTable(
  conn: DuckDBConnection,
  schema: string,
  table: string,
): Promise<{ columns: ColumnInfo[]; primaryKey: string[]; keyIndexed: boolean }> {
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
    `SELECT (SELECT constraint_column_names FROM duckdb_constraints() k
        WHERE k.database_name = t.database_name AND k.schema_name = t.schema_name
          AND k.table_name = t.table_name AND k.constraint_type = 'PRIMARY KEY'), t.comment
      FROM duckdb_tables() t
      WHERE t.database_name = current_database() AND t.schema_name = $1 AND t.table_name = $2`,
    [schema, table],
  );
  const [indexedKey, comment] = keys.getRowsJS()[0] ?? [];
  const indexed = ((indexedKey as unknown[] | null | undefined) ?? []).map(text);
  const primaryKey = indexed.length > 0 ? indexed : keyFromComment(comment);
  return {
    primaryKey,
    keyIndexed: indexed.length > 0,
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
