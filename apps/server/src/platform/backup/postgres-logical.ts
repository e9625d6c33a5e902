// The app database of a configured PostgreSQL (DATABASE_URL), copied table by table with COPY:
// no pg_dump, whose version must not be older than the server's. The backup reads every table of
// the app's schema in ONE repeatable-read, read-only transaction (one snapshot, so the tables agree
// with each other) together with the migration the schema is at; the restore replays the
// migrations up to that one in an EMPTY database and copies the rows back, all in one transaction.
import { createReadStream, createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { appliedMigration, migrateUpTo, oneProcessAtATime } from '../db/migrate';
import { migrationsFolder } from '../paths';
import { BackupError, type ConfiguredPostgres } from './archive';
import { orderedByForeignKeys, tablesOf, type Table } from './postgres-catalog';

const SCHEMA = 'public';

const tableFile = (dir: string, table: string) => path.join(dir, `${encodeURIComponent(table)}.copy`);

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'maya-backup' });
  await client.connect();
  return client;
}

/** Copies every table of the app's schema into `dir` (one `<table>.copy` file each, COPY's text format). */
export async function dumpConfiguredPostgres(url: string, dir: string): Promise<ConfiguredPostgres> {
  const client = await connect(url);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const migration = await appliedMigration(client, migrationsFolder());
    if (!migration)
      throw new BackupError('the database at DATABASE_URL holds no Maya schema (no migration applied).');
    const version = await client.query<{ server_version: string; bypass: boolean }>(
      `SELECT current_setting('server_version') AS server_version,
              (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user) AS bypass`,
    );
    const serverVersion = version.rows[0]?.server_version ?? '';
    const bypass = version.rows[0]?.bypass === true;
    const tables = await tablesOf(client, SCHEMA);
    // Under forced row-level security the owner sees one organization's rows at a time.
    const organizations = bypass
      ? []
      : (await client.query<{ id: string }>(`SELECT id FROM ${SCHEMA}.organizations ORDER BY id`)).rows;
    const copied: ConfiguredPostgres['tables'] = [];
    for (const table of tables) {
      const file = tableFile(dir, table.name);
      const select = `SELECT ${table.columns.map((column) => client.escapeIdentifier(column)).join(', ')} FROM ${qualified(client, table)}`;
      let rows = 0;
      const copy = async (query: string) => {
        const stream = client.query(copyTo(`COPY (${query}) TO STDOUT`));
        await pipeline(stream, createWriteStream(file, { flags: 'a' }));
        rows += stream.rowCount;
      };
      await writeFile(file, '');
      if (bypass || !table.rowSecurityApplies) await copy(select);
      else {
        if (!table.organizationScoped)
          throw new BackupError(
            `${table.name} has row-level security and no organization_id: back up as a role that bypasses ` +
              'row-level security (BYPASSRLS).',
          );
        for (const { id } of organizations) {
          await client.query(`SELECT set_config('app.organization_id', $1, true)`, [id]);
          await copy(`${select} WHERE organization_id = ${client.escapeLiteral(id)}`);
        }
      }
      copied.push({ name: table.name, columns: table.columns, rows });
    }
    const sequences = await readSequences(client);
    await client.query('COMMIT');
    return { kind: 'configured', server_version: serverVersion, migration, tables: copied, sequences };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
}

function qualified(client: pg.Client, table: Pick<Table, 'name'>): string {
  return `${client.escapeIdentifier(SCHEMA)}.${client.escapeIdentifier(table.name)}`;
}

async function readSequences(client: pg.Client): Promise<ConfiguredPostgres['sequences']> {
  const names = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY c.relname`,
    [SCHEMA],
  );
  const sequences: ConfiguredPostgres['sequences'] = [];
  for (const { name } of names.rows) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${qualified(client, { name })}`,
    );
    for (const row of rows) sequences.push({ name, last_value: row.last_value, is_called: row.is_called });
  }
  return sequences;
}

/** The tables of every schema but PostgreSQL's own: a database with none is empty. */
async function userTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
      ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** Refuses a database that holds any table; cheap, so restore checks it before unpacking too. */
export async function refuseNonEmptyDatabase(url: string): Promise<void> {
  const client = await connect(url);
  try {
    await refuseTables(client);
  } finally {
    await client.end();
  }
}

async function refuseTables(client: pg.Client): Promise<void> {
  const tables = await userTables(client);
  if (tables.length === 0) return;
  const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
  throw new BackupError(
    `the database ${rows[0]?.db ?? ''} at DATABASE_URL is not empty (${tables.length} tables, such as ` +
      `${tables.slice(0, 3).join(', ')}): restore only into an empty database (create one and point ` +
      'DATABASE_URL at it). Nothing was restored.',
  );
}

/**
 * Loads a dump into the EMPTY database at `url`, in one transaction: the migrations up to the
 * archived one, every table's rows (parents before children; forced row-level security lifted
 * for the copy and put back), the sequences. Any failure rolls all of it back.
 */
export async function loadConfiguredPostgres(
  url: string,
  dir: string,
  dump: ConfiguredPostgres,
): Promise<void> {
  const client = await connect(url);
  try {
    // The lock a starting app takes to migrate: no app migrates this database meanwhile.
    await oneProcessAtATime(client, async () => {
      await refuseTables(client);
      await client.query('BEGIN');
      try {
        await migrateUpTo(client, migrationsFolder(), dump.migration).catch((error: unknown) => {
          throw new BackupError(
            `this backup is at migration ${dump.migration.tag}, which this version of Maya does not have ` +
              `(${error instanceof Error ? error.message : String(error)}): restore it with the version that made it. ` +
              'Nothing was restored.',
          );
        });
        const present = new Map((await tablesOf(client, SCHEMA)).map((table) => [table.name, table]));
        for (const archived of await orderedByForeignKeys(client, SCHEMA, dump.tables)) {
          const table = present.get(archived.name);
          if (!table)
            throw new BackupError(
              `the archive's table ${archived.name} is not in the schema. Nothing was restored.`,
            );
          await loadTable(client, dir, archived, table);
        }
        for (const sequence of dump.sequences)
          await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
            `${client.escapeIdentifier(SCHEMA)}.${client.escapeIdentifier(sequence.name)}`,
            sequence.last_value,
            sequence.is_called,
          ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  } finally {
    await client.end();
  }
}

async function loadTable(
  client: pg.Client,
  dir: string,
  archived: ConfiguredPostgres['tables'][number],
  table: Table,
): Promise<void> {
  const name = qualified(client, table);
  // COPY FROM refuses a table whose row-level security applies to the copying role.
  if (table.forced) await client.query(`ALTER TABLE ${name} NO FORCE ROW LEVEL SECURITY`);
  const columns = archived.columns.map((column) => client.escapeIdentifier(column)).join(', ');
  const stream = client.query(copyFrom(`COPY ${name} (${columns}) FROM STDIN`));
  await pipeline(createReadStream(tableFile(dir, archived.name)), stream);
  if (stream.rowCount !== archived.rows)
    throw new BackupError(
      `${archived.name}: ${stream.rowCount} rows restored, the archive says ${archived.rows}. Nothing was restored.`,
    );
  if (table.forced) await client.query(`ALTER TABLE ${name} FORCE ROW LEVEL SECURITY`);
}
