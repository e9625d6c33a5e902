import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, expectWarehouseError, row, warehouseContract } from '../testing/warehouse-contract';
import { toPositional } from './postgres-params';
import { openPostgresWarehouse } from './postgres-warehouse';

/**
 * Runs against a real PostgreSQL: MAYA_TEST_POSTGRES_URL, else the machine's server on
 * 127.0.0.1:5432. The tests create their own database and drop it afterwards. Without
 * MAYA_TEST_POSTGRES_URL and no server answering, they are skipped.
 */
const configuredUrl = process.env.MAYA_TEST_POSTGRES_URL;
const adminUrl = configuredUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const available = configuredUrl !== undefined || (await reachable(adminUrl));
const database = `maya_warehouse_test_${randomBytes(5).toString('hex')}`;
const databaseUrl = withDatabase(adminUrl, database);

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(task: (client: pg.Client) => Promise<T>, url = adminUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!available)('PostgreSQL', () => {
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${database}`));
  });
  afterAll(async () => {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  });

  warehouseContract('PostgreSQL', () => ({
    open: () => openPostgresWarehouse({ connectionString: databaseUrl }),
    slowQuery: 'SELECT pg_sleep(60)',
    writeStatements: [
      "COPY (SELECT 1) TO '/tmp/maya-copy.csv'",
      'DO $$ BEGIN PERFORM 1; END $$',
      'CALL some_procedure()',
      'LISTEN channel',
      'SELECT * FROM {s}.campaigns FOR UPDATE',
      "SELECT set_config('transaction_read_only', 'off', true)",
      "SELECT nextval('maya_test_sequence')",
    ],
  }));

  beforeAll(async () => {
    await admin((c) => c.query('CREATE SEQUENCE IF NOT EXISTS maya_test_sequence'), databaseUrl);
  });

  it('keeps the primary key named after the live table across swaps', async () => {
    const wh = await openPostgresWarehouse({ connectionString: databaseUrl });
    await wh.ensureSchema('keys');
    await wh.createTable('keys', campaigns);
    for (let i = 0; i < 2; i += 1) {
      await wh.loadBatch('keys', 'campaigns', [[row('2024-01-01', `g${i}`, i)]], { staging: true });
      await wh.swap('keys', 'campaigns__staged', 'campaigns');
    }
    const names = await admin(
      (c) =>
        c.query<{ conname: string }>(
          "SELECT conname FROM pg_constraint WHERE conrelid = 'keys.campaigns'::regclass AND contype = 'p'",
        ),
      databaseUrl,
    );
    expect(names.rows).toEqual([{ conname: 'campaigns_pkey' }]);
    await wh.close();
  });

  it('reports an unreachable server as engine_error', async () => {
    await expectWarehouseError(
      openPostgresWarehouse({ connectionString: 'postgres://postgres@127.0.0.1:1/none' }),
      'engine_error',
    );
  });
});

describe('toPositional', () => {
  it('numbers named parameters outside literals, identifiers, comments and dollar quotes', () => {
    const sql = `SELECT $a, '$a', "$a", $b::int, $a -- $c\n /* $c */ , $$ $c $$, $t$ $c $t$, x$y FROM t`;
    expect(toPositional(sql, { a: 1, b: 2 })).toEqual({
      text: `SELECT $1, '$a', "$a", $2::int, $1 -- $c\n /* $c */ , $$ $c $$, $t$ $c $t$, x$y FROM t`,
      values: [1, 2],
    });
    expect(toPositional('SELECT $1', [5])).toEqual({ text: 'SELECT $1', values: [5] });
    expect(() => toPositional('SELECT $a', {})).toThrow(/no value/);
    expect(() => toPositional('SELECT 1', { a: 1 })).toThrow(/not used/);
  });
});
