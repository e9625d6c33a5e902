import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stagedTableName } from '../identifiers';
import { batch, campaigns, expectWarehouseError, row } from '../testing/fixtures';
import type { Row, TableSchema, Warehouse } from '../warehouse';
import { duckDbFileFor } from './duckdb-instance';
import { openDuckDbWarehouse } from './duckdb-warehouse';

// Only types the appender converts itself: the load goes straight into the twin.
const spend: TableSchema = {
  name: 'spend',
  primaryKey: ['account_id', 'date', 'term'],
  columns: [
    { name: 'account_id', type: 'string', nullable: false },
    { name: 'date', type: 'date', nullable: false },
    { name: 'term', type: 'string', nullable: false },
    { name: 'clicks', type: 'integer', nullable: true },
    { name: 'cost_micros', type: 'bigint', nullable: true },
    { name: 'rate', type: 'double', nullable: true },
    { name: 'active', type: 'boolean', nullable: true },
  ],
};
const staged = stagedTableName('spend');
const spent = (account: string, date: string, term: string, clicks: number, extra: Row = {}): Row => ({
  account_id: account,
  date,
  term,
  clicks,
  ...extra,
});

let dataDir: string;
let wh: Warehouse;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'maya-staging-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  wh = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()), loadFlushRows: 2 });
  await wh.ensureSchema('raw');
  await wh.createTable('raw', spend);
  await wh.createTable('raw', campaigns);
});
afterEach(async () => {
  await wh.close();
});

const rows = async (table = 'spend', order = 'account_id, date, term') =>
  (await wh.query(`SELECT * FROM raw.${table} ORDER BY ${order}`, [], { timeoutMs: 10_000 })).rows;
const keyOf = async (table: string) =>
  (await wh.listColumns('raw', table)).filter((c) => c.primaryKey).map((c) => c.name);
/** The key DuckDB indexes (a constraint), as opposed to the one the product declares. */
const indexedKeyOf = async (table: string) =>
  (
    await wh.query(
      `SELECT constraint_column_names AS k FROM duckdb_constraints()
        WHERE schema_name = 'raw' AND table_name = $1 AND constraint_type = 'PRIMARY KEY'`,
      [table],
      { timeoutMs: 10_000 },
    )
  ).rows.map((r) => r.k);

describe('DuckDB staged twins', () => {
  it('keeps the twin unindexed and the swapped-in table with its key declared, not indexed', async () => {
    await wh.loadBatch('raw', 'spend', [[spent('1', '2024-01-01', 'shoes', 1)]]);
    await wh.stage('raw', 'spend', { except: [{ column: 'account_id', equals: '1' }] });
    expect(await keyOf(staged)).toEqual([]);
    await wh.loadBatch(
      'raw',
      'spend',
      [[spent('1', '2024-01-02', 'boots', 2, { cost_micros: '9007199254740994' })]],
      {
        staging: true,
      },
    );
    expect(await indexedKeyOf('spend')).toHaveLength(1);
    await wh.swap('raw', staged, 'spend');
    expect(await keyOf('spend')).toEqual(spend.primaryKey);
    expect(await indexedKeyOf('spend')).toEqual([]);
    expect(await rows()).toEqual([
      {
        account_id: '1',
        date: '2024-01-02',
        term: 'boots',
        clicks: 2,
        cost_micros: '9007199254740994',
        rate: null,
        active: null,
      },
    ]);
    // The live table upserts by its key again.
    await wh.loadBatch('raw', 'spend', [[spent('1', '2024-01-02', 'boots', 7)]]);
    expect((await rows()).map((r) => r.clicks)).toEqual([7]);
  });

  it('merges a direct load into a table whose key is declared: last row of a key wins, across flushes', async () => {
    await wh.stage('raw', 'spend');
    await wh.loadBatch(
      'raw',
      'spend',
      [[spent('1', '2024-01-01', 'shoes', 1), spent('1', '2024-01-02', 'shoes', 2)]],
      {
        staging: true,
      },
    );
    await wh.swap('raw', staged, 'spend');
    // loadFlushRows is 2: the repeated key arrives in a later flush than its first occurrence.
    const loaded = await wh.loadBatch('raw', 'spend', [
      [spent('1', '2024-01-02', 'shoes', 20), spent('1', '2024-01-03', 'shoes', 3)],
      [spent('1', '2024-01-03', 'shoes', 30), spent('1', '2024-01-03', 'shoes', 31)],
    ]);
    expect(loaded.rows).toBe(4);
    expect((await rows()).map((r) => [r.date, r.clicks])).toEqual([
      ['2024-01-01', 1],
      ['2024-01-02', 20],
      ['2024-01-03', 31],
    ]);
    expect(await indexedKeyOf('spend')).toEqual([]);
  });

  it('leaves a table whose key is declared unchanged when a direct load fails half-way', async () => {
    await wh.stage('raw', 'spend');
    await wh.loadBatch('raw', 'spend', [[spent('1', '2024-01-01', 'shoes', 1)]], { staging: true });
    await wh.swap('raw', staged, 'spend');
    const before = await rows();
    await expectWarehouseError(
      wh.loadBatch('raw', 'spend', [
        [spent('1', '2024-01-01', 'shoes', 9), spent('1', '2024-01-02', 'shoes', 2)],
        [spent('1', 'not a date', 'shoes', 3)],
      ]),
      'schema_mismatch',
    );
    expect(await rows()).toEqual(before);
    expect(await keyOf('spend')).toEqual(spend.primaryKey);
  });

  it('keeps the last row of a key repeated within the load, across batches and loads', async () => {
    await wh.stage('raw', 'spend');
    await wh.loadBatch(
      'raw',
      'spend',
      [
        [spent('1', '2024-01-01', 'shoes', 1), spent('1', '2024-01-01', 'shoes', 2)],
        [spent('1', '2024-01-02', 'shoes', 3), spent('1', '2024-01-01', 'shoes', 4)],
      ],
      { staging: true },
    );
    await wh.loadBatch(
      'raw',
      'spend',
      [[spent('1', '2024-01-02', 'shoes', 5, { rate: 0.5, active: true })]],
      {
        staging: true,
      },
    );
    await wh.swap('raw', staged, 'spend');
    expect((await rows()).map((r) => [r.date, r.clicks, r.rate, r.active])).toEqual([
      ['2024-01-01', 4, null, null],
      ['2024-01-02', 5, 0.5, true],
    ]);
    expect(await keyOf('spend')).toEqual(spend.primaryKey);
  });

  it('finds repeated keys slice by slice, each slice the keys hashing to it', async () => {
    // Twelve rows of six keys, each key twice: four slices of about three rows.
    const sliced = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()), keyCheckRows: 3 });
    try {
      await sliced.ensureSchema('raw');
      await sliced.createTable('raw', spend);
      const terms = ['a', 'b', 'c', 'd', 'e', 'f'];
      const load = (clicks: number) => terms.map((term, i) => spent('1', '2024-01-01', term, clicks + i));
      await sliced.loadBatch('raw', 'spend', [load(0), load(10)], { staging: true });
      await sliced.swap('raw', staged, 'spend');
      const kept = await sliced.query('SELECT term, clicks FROM raw.spend ORDER BY term', [], {
        timeoutMs: 10_000,
      });
      expect(kept.rows).toEqual(terms.map((term, i) => ({ term, clicks: 10 + i })));
    } finally {
      await sliced.close();
    }
  });

  it('does not search keys the caller vouches are distinct', async () => {
    await wh.loadBatch(
      'raw',
      'spend',
      [[spent('1', '2024-01-01', 'a', 1), spent('1', '2024-01-01', 'a', 2)]],
      { staging: true },
    );
    await wh.swap('raw', staged, 'spend', { keysDistinct: true });
    expect((await rows('spend', 'clicks')).map((r) => r.clicks)).toEqual([1, 2]);
  });

  it('lets a loaded row replace a kept live row outside the range the stage left out', async () => {
    await wh.loadBatch('raw', 'spend', [
      [
        spent('1', '2024-01-01', 'shoes', 1),
        spent('1', '2024-01-05', 'shoes', 5),
        spent('2', '2024-01-01', 'shoes', 9),
      ],
    ]);
    await wh.stage('raw', 'spend', {
      except: [
        { column: 'account_id', equals: '1' },
        { column: 'date', from: '2024-01-04', to: '2024-01-06' },
      ],
    });
    // The provider answered a day before the range too.
    await wh.loadBatch(
      'raw',
      'spend',
      [[spent('1', '2024-01-01', 'shoes', 10), spent('1', '2024-01-05', 'shoes', 50)]],
      {
        staging: true,
      },
    );
    await wh.swap('raw', staged, 'spend');
    expect((await rows()).map((r) => [r.account_id, r.date, r.clicks])).toEqual([
      ['1', '2024-01-01', 10],
      ['1', '2024-01-05', 50],
      ['2', '2024-01-01', 9],
    ]);
  });

  it('leaves the same table after loading the same range twice', async () => {
    const load = async () => {
      await wh.stage('raw', 'spend', { except: [{ column: 'account_id', equals: '1' }] });
      await wh.loadBatch(
        'raw',
        'spend',
        [
          [spent('1', '2024-01-01', 'a', 1), spent('1', '2024-01-01', 'b', 2)],
          [spent('1', '2024-01-01', 'a', 3)],
        ],
        { staging: true },
      );
      await wh.swap('raw', staged, 'spend');
      return rows();
    };
    const first = await load();
    expect(await load()).toEqual(first);
    expect(first.map((r) => [r.term, r.clicks])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });

  it('refuses a bad value where the appender converts it, leaving live and the twin as they were', async () => {
    await wh.loadBatch('raw', 'spend', [[spent('1', '2024-01-01', 'a', 1)]]);
    await wh.stage('raw', 'spend');
    const error = await expectWarehouseError(
      wh.loadBatch('raw', 'spend', [[spent('1', '2024-01-02', 'a', 2)], [spent('1', '2024-02-30', 'b', 3)]], {
        staging: true,
      }),
      'schema_mismatch',
    );
    expect(error.message).toContain('batch 2, row 1');
    await expectWarehouseError(
      wh.loadBatch('raw', 'spend', [[spent('1', '2024-01-02', 'a', 2, { extra: 1 })]], { staging: true }),
      'schema_mismatch',
    );
    expect((await rows(staged)).map((r) => r.date)).toEqual(['2024-01-01']);
    await wh.swap('raw', staged, 'spend');
    expect((await rows()).map((r) => [r.date, r.clicks])).toEqual([['2024-01-01', 1]]);
  });

  it('casts decimals, timestamps and json on the way into the twin as a direct load does', async () => {
    await wh.loadBatch('raw', 'campaigns', [batch]);
    const direct = await rows('campaigns', 'day, campaign_id');
    await wh.stage('raw', 'campaigns');
    await wh.loadBatch('raw', 'campaigns', [batch, [row('2024-01-02', 'a', 30)]], { staging: true });
    await wh.swap('raw', stagedTableName('campaigns'), 'campaigns');
    expect(await rows('campaigns', 'day, campaign_id')).toEqual(direct);
    expect(await keyOf('campaigns')).toEqual(campaigns.primaryKey);
  });

  it('upserts into a twin that already has its primary key', async () => {
    await wh.materialize(
      'raw',
      { ...spend, name: staged },
      "SELECT '1' AS account_id, DATE '2024-01-01' AS date, 'a' AS term, 1 AS clicks, 1 AS cost_micros, 0.5 AS rate, true AS active",
    );
    await wh.loadBatch(
      'raw',
      'spend',
      [[spent('1', '2024-01-01', 'a', 2)], [spent('1', '2024-01-01', 'a', 3)]],
      {
        staging: true,
      },
    );
    await wh.swap('raw', staged, 'spend');
    expect((await rows()).map((r) => r.clicks)).toEqual([3]);
  });

  it('refuses to swap an unindexed twin whose live table is gone', async () => {
    await wh.stage('raw', 'spend');
    await wh.dropTable('raw', 'spend');
    await expectWarehouseError(wh.swap('raw', staged, 'spend'), 'schema_mismatch');
    expect(await wh.listTables('raw')).toEqual(['campaigns', staged]);
  });
});
