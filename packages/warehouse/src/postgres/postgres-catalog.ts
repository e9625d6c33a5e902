import type pg from 'pg';
import { assertIdentifier } from '../identifiers';
import type { ColumnInfo, TableSchema } from '../warehouse';
import { columnTypeFromPgName } from './postgres-types';

export type Queryable = Pick<pg.ClientBase, 'query'>;

export async function listPgTables(db: Queryable, schema: string): Promise<string[]> {
  assertIdentifier(schema, 'schema');
  const result = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
    [schema],
  );
  return result.rows.map((r) => r.table_name);
}

export async function listPgColumns(db: Queryable, schema: string, table: string): Promise<ColumnInfo[]> {
  return (await readTable(db, schema, table)).columns;
}

/** The table's definition as the product sees it, or null when it does not exist. */
export async function describePgTable(
  db: Queryable,
  schema: string,
  table: string,
): Promise<TableSchema | null> {
  const { columns, primaryKey } = await readTable(db, schema, table);
  if (columns.length === 0) return null;
  return {
    name: table,
    columns: columns.map(({ name, type, nullable }) => ({ name, type, nullable })),
    primaryKey,
  };
}

/** The name of the table's primary-key constraint, or null. */
export async function pgPrimaryKeyName(db: Queryable, schema: string, table: string): Promise<string | null> {
  const result = await db.query<{ constraint_name: string }>(
    `SELECT constraint_name FROM information_schema.table_constraints
      WHERE table_schema = $1 AND table_name = $2 AND constraint_type = 'PRIMARY KEY'`,
    [schema, table],
  );
  return result.rows[0]?.constraint_name ?? null;
}

async function readTable(
  db: Queryable,
  schema: string,
  table: string,
): Promise<{ columns: ColumnInfo[]; primaryKey: string[] }> {
  assertIdentifier(schema, 'schema');
  assertIdentifier(table, 'table');
  const columns = await db.query<{
    column_name: string;
    data_type: string;
    is_nullable: string;
    numeric_precision: number | null;
    numeric_scale: number | null;
  }>(
    `SELECT column_name, data_type, is_nullable, numeric_precision, numeric_scale
       FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
    [schema, table],
  );
  const keys = await db.query<{ column_name: string }>(
    `SELECT k.column_name FROM information_schema.table_constraints c
       JOIN information_schema.key_column_usage k
         ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
        AND k.table_name = c.table_name
      WHERE c.table_schema = $1 AND c.table_name = $2 AND c.constraint_type = 'PRIMARY KEY'
      ORDER BY k.ordinal_position`,
    [schema, table],
  );
  const primaryKey = keys.rows.map((r) => r.column_name);
  return {
    primaryKey,
    columns: columns.rows.map((c) => ({
      name: c.column_name,
      type: columnTypeFromPgName(c.data_type),
      nullable: c.is_nullable === 'YES',
      engineType:
        c.data_type === 'numeric' && c.numeric_precision !== null
          ? `numeric(${c.numeric_precision},${c.numeric_scale ?? 0})`
          : c.data_type,
      primaryKey: primaryKey.includes(c.column_name),
    })),
  };
}
