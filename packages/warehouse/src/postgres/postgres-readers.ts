import type pg from 'pg';
import { WarehouseError } from '../errors';
import { quoteIdentifier } from '../identifiers';
import type { DatasetReaders } from '../warehouse';

/** A reader's role: `maya_ro_` and lower-case hex, so it is a plain identifier on every server. */
const ROLE = /^maya_ro_[0-9a-f]{8,32}$/;
/** A generated password: base64url characters only, so it is safe inside a string literal. */
const PASSWORD = /^[A-Za-z0-9_-]{20,128}$/;

type Transaction = <T>(task: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

function checkRole(role: string): string {
  if (!ROLE.test(role))
    throw new WarehouseError('invalid_identifier', `invalid reader role ${JSON.stringify(role)}`);
  return quoteIdentifier(role, 'role');
}

/** The schemas the warehouse's own user owns: every schema of the organization's dataset. */
async function ownedSchemas(client: pg.PoolClient): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `SELECT n.nspname AS name FROM pg_namespace n
      WHERE n.nspowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
        AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
      ORDER BY 1`,
  );
  return result.rows.map((row) => row.name);
}

/**
 * Read-only logins on a PostgreSQL destination (decision 632): a LOGIN role per person the dataset
 * is shared with, with USAGE on every schema the destination's user owns, SELECT on their tables,
 * and default privileges so that what the loads and rebuilds create later is readable too. The
 * destination's user needs CREATEROLE. Dropping revokes everything, ends the role's sessions and
 * drops it, in one transaction.
 */
export function postgresReaders(transaction: Transaction): DatasetReaders {
  return {
    async grant(role: string, password: string): Promise<void> {
      const name = checkRole(role);
      if (!PASSWORD.test(password))
        throw new WarehouseError('invalid_parameter', 'the password is not a generated one');
      await transaction(async (client) => {
        await client.query(
          `CREATE ROLE ${name} LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION CONNECTION LIMIT 5`,
        );
        const [current] = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows;
        const database = current?.name ?? '';
        const canConnect = await client.query<{ ok: boolean }>(
          `SELECT has_database_privilege($1, current_database(), 'CONNECT') AS ok`,
          [role],
        );
        if (canConnect.rows[0]?.ok !== true) {
          await client.query(`GRANT CONNECT ON DATABASE "${database.replaceAll('"', '""')}" TO ${name}`);
        }
        for (const schema of await ownedSchemas(client)) {
          const quoted = `"${schema.replaceAll('"', '""')}"`;
          await client.query(`GRANT USAGE ON SCHEMA ${quoted} TO ${name}`);
          await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${quoted} TO ${name}`);
        }
        await client.query(`ALTER DEFAULT PRIVILEGES GRANT USAGE ON SCHEMAS TO ${name}`);
        await client.query(`ALTER DEFAULT PRIVILEGES GRANT SELECT ON TABLES TO ${name}`);
      });
    },

    async drop(role: string): Promise<void> {
      const name = checkRole(role);
      await transaction(async (client) => {
        const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
        if (exists.rowCount === 0) return;
        // The role's creator holds ADMIN OPTION on it: becoming a member lets it drop what was
        // granted to the role here (default privileges included) and end its sessions.
        await client.query(`GRANT ${name} TO CURRENT_USER`);
        await client.query(`DROP OWNED BY ${name}`);
        await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [
          role,
        ]);
        await client.query(`DROP ROLE ${name}`);
      });
    },
  };
}
