import type pg from 'pg';

export type RlsProblem = { table: string; problem: string };

/**
 * Every table with an `organization_id` column must have row-level security enabled AND forced,
 * and a policy that reads the organization set for the transaction. The server refuses to start
 * otherwise, and `npm test` asserts the list is empty.
 */
export async function findTenantTablesWithoutPolicy(db: pg.Client | pg.Pool): Promise<RlsProblem[]> {
  const { rows } = await db.query<{
    table: string;
    enabled: boolean;
    forced: boolean;
    policies: string[] | null;
  }>(
    `SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
            array_agg(pg_get_expr(p.polqual, p.polrelid)) FILTER (WHERE p.oid IS NOT NULL) AS policies
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_policy p ON p.polrelid = c.oid
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        AND EXISTS (SELECT 1 FROM pg_attribute a
                     WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped)
      GROUP BY c.relname, c.relrowsecurity, c.relforcerowsecurity
      ORDER BY c.relname`,
  );
  const problems: RlsProblem[] = [];
  for (const row of rows) {
    if (!row.enabled) problems.push({ table: row.table, problem: 'row level security is not enabled' });
    if (!row.forced) problems.push({ table: row.table, problem: 'row level security is not forced' });
    const scoped = (row.policies ?? []).some(
      (expr) => expr.includes('organization_id') && expr.includes('app.organization_id'),
    );
    if (!scoped)
      problems.push({ table: row.table, problem: 'no policy on organization_id = app.organization_id' });
  }
  return problems;
}
