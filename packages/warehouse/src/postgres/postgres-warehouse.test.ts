import { createScratchDatabase, type ScratchDatabase } from '@maya/embedded-postgres/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, expectWarehouseError, row, warehouseContract } from '../testing/warehouse-contract';
import { toPositional } from './postgres-params';
import { openPostgresWarehouse } from './postgres-warehouse';

/**
 * Runs against a real PostgreSQL: the test run's embedded server (the global setup of
 * `@maya/embedded-postgres`), in a database of its own dropped afterwards. Never skipped.
 */
let scratch: ScratchDatabase | null = null;
const databaseUrl = (): string => {
  if (!scratch) throw new Error('the scratch database is created in beforeAll');
  return scratch.url;
};

async function admin<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase('maya_warehouse_test');
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  warehouseContract('PostgreSQL', () => ({
    open: () => openPostgresWarehouse({ connectionString: databaseUrl() }),
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
    await admin((c) => c.query('CREATE SEQUENCE IF NOT EXISTS maya_test_sequence'));
  });

  it('keeps the primary key named after the live table across swaps', async () => {
    const wh = await openPostgresWarehouse({ connectionString: databaseUrl() });
    await wh.ensureSchema('keys');
    await wh.createTable('keys', campaigns);
    for (let i = 0; i < 2; i += 1) {
      await wh.loadBatch('keys', 'campaigns', [[row('2024-01-01', `g${i}`, i)]], { staging: true });
      await wh.swap('keys', 'campaigns__staged', 'campaigns');
    }
    const names = await admin((c) =>
      c.query<{ conname: string }>(
        "SELECT conname FROM pg_constraint WHERE conrelid = 'keys.campaigns'::regclass AND contype = 'p'",
      ),
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
