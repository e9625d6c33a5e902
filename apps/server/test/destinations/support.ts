import pg from 'pg';
import { createTestDatabase } from '../support/database';

export type DestinationDatabase = {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
};

/**
 * A destination that is really there: a fresh database of the test server, reached as a role of
 * its own that may create schemas in it (and roles, when asked), so a wrong password really fails
 * to connect.
 */
export async function createDestinationDatabase(
  role: string,
  password: string,
  options: { createRole?: boolean } = {},
): Promise<DestinationDatabase> {
  const url = new URL(await createTestDatabase());
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    // CREATEROLE: what the read-only logins of the people the dataset is shared with need.
    await admin.query(
      `CREATE ROLE ${role} LOGIN PASSWORD '${password}'${options.createRole ? ' CREATEROLE' : ''}`,
    );
    await admin.query(`GRANT CREATE, CONNECT ON DATABASE ${url.pathname.slice(1)} TO ${role}`);
  } finally {
    await admin.end();
  }
  return {
    host: url.hostname,
    port: url.port || '5432',
    database: url.pathname.slice(1),
    user: role,
    password,
  };
}

/** The create-or-update body of a PostgreSQL destination, the given credentials overridden. */
export const postgresBody = (
  destination: DestinationDatabase,
  organizationId: string,
  overrides: Record<string, string> = {},
) => ({
  organization_id: organizationId,
  destinationId: 'postgresql',
  destinationName: 'PostgreSQL',
  credentials: { ...destination, ssl: 'disable', ...overrides },
  location: 'europe-west3',
});

/** Every connection failure answers this, whatever the cause: no port, user or password oracle. */
export const CONNECTION_FAILED = {
  type: 'destination_connection_failed',
  message: 'Could not connect with these settings. Check the host, port, database name and credentials.',
};
