import pg from 'pg';

/**
 * A fingerprint of every row of the app's tables: per table, its row count and an md5 of its rows.
 * The owner role is subject to the forced row-level-security policies too, so tenant tables are
 * read once per organization with `app.organization_id` set, as the app reads them.
 * `ignore` names tables that change on every request by design (rate-limit counters).
 */
export async function snapshotTables(ownerUrl: string, ignore: readonly string[]) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
    ).rows
      .map((row) => row.name)
      .filter((name) => !ignore.includes(name));
    const organizations = (await client.query<{ id: string }>('SELECT id FROM organizations ORDER BY id'))
      .rows;
    const snapshot: Record<string, string> = {};
    for (const organization of [{ id: '' }, ...organizations]) {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.organization_id', $1, true)`, [organization.id]);
      for (const table of tables) {
        const { rows } = await client.query<{ count: string; hash: string }>(
          `SELECT count(*) AS count, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash
             FROM ${client.escapeIdentifier(table)} t`,
        );
        snapshot[`${organization.id || '-'} ${table}`] = `${rows[0]!.count} ${rows[0]!.hash}`;
      }
      await client.query('COMMIT');
    }
    return snapshot;
  } finally {
    await client.end();
  }
}

/** The keys whose fingerprint differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]).sort();
}
