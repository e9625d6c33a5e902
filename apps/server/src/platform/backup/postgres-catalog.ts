// What the logical backup reads from PostgreSQL's catalog: the app schema's tables (not a
// hand-kept list), their columns, their row-level security, and the foreign keys between them.
import type pg from 'pg';
import { BackupError } from './archive';

export type Table = {
  name: string;
  /** The columns COPY writes and reads, in order (generated columns are computed, not copied). */
  columns: string[];
  /** Row-level security is forced (it applies to the owner too). */
  forced: boolean;
  /** Row-level security applies to the connected role (a superuser's or BYPASSRLS role's aside). */
  rowSecurityApplies: boolean;
  /** The table has a NOT NULL organization_id: its rows can be read one organization at a time. */
  organizationScoped: boolean;
};

export async function tablesOf(client: pg.Client, schema: string): Promise<Table[]> {
  const { rows } = await client.query<{
    name: string;
    columns: string[];
    forced: boolean;
    applies: boolean;
    scoped: boolean;
  }>(
    `SELECT c.relname AS name,
            array(SELECT a.attname::text FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                   ORDER BY a.attnum) AS columns,
            c.relforcerowsecurity AS forced,
            c.relrowsecurity AND (c.relforcerowsecurity OR c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = current_user)) AS applies,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id'
                     AND a.attnotnull AND NOT a.attisdropped) AS scoped
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
    [schema],
  );
  return rows.map((row) => ({
    name: row.name,
    columns: row.columns,
    forced: row.forced,
    rowSecurityApplies: row.applies,
    organizationScoped: row.scoped,
  }));
}

/**
 * `tables` with every table after the tables its foreign keys reference (a table referencing
 * itself is fine: COPY checks the keys at the end of the statement). A cycle cannot be ordered.
 */
export async function orderedByForeignKeys<T extends { name: string }>(
  client: pg.Client,
  schema: string,
  tables: T[],
): Promise<T[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = $1 AND k.conrelid <> k.confrelid`,
    [schema],
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of rows) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  const ordered: T[] = [];
  let pending = tables;
  while (pending.length > 0) {
    const waiting = new Set(pending.map((table) => table.name));
    const ready = pending.filter((table) =>
      [...(parents.get(table.name) ?? [])].every((parent) => !waiting.has(parent)),
    );
    if (ready.length === 0)
      throw new BackupError(
        `the foreign keys of ${pending.map((table) => table.name).join(', ')} form a cycle. Nothing was restored.`,
      );
    ordered.push(...ready);
    pending = pending.filter((table) => !ready.includes(table));
  }
  return ordered;
}
