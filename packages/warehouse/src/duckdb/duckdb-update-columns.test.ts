// `updateColumns` on DuckDB: columns added (or replaced) and filled from a lookup by key in one
// transaction, NULL keys pairing with NULL, and any failure leaving the table as it was.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectWarehouseError } from '../testing/warehouse-contract';
import type { ColumnUpdate, TableSchema, Warehouse } from '../warehouse';
import { duckDbFileFor } from './duckdb-instance';
import { openDuckDbWarehouse } from './duckdb-warehouse';

const TABLE: TableSchema = {
  name: 'performance',
  primaryKey: ['day', 'ad_group_id'],
  columns: [
    { name: 'day', type: 'date', nullable: false },
    { name: 'ad_group_id', type: 'string', nullable: false },
    { name: 'campaign', type: 'string', nullable: true },
    { name: 'ad_group', type: 'string', nullable: true },
    { name: 'cost', type: 'bigint', nullable: true },
  ],
};

const ROWS = [
  { day: '2024-01-01', ad_group_id: '1', campaign: 'Brand', ad_group: 'shoes', cost: 10 },
  { day: '2024-01-02', ad_group_id: '1', campaign: 'Brand', ad_group: 'shoes', cost: 20 },
  { day: '2024-01-01', ad_group_id: '2', campaign: 'Brand', ad_group: null, cost: 30 },
  { day: '2024-01-01', ad_group_id: '3', campaign: null, ad_group: 'socks', cost: 40 },
  { day: '2024-01-01', ad_group_id: '4', campaign: 'Generic', ad_group: 'boots', cost: 50 },
];

/** A label per distinct (campaign, ad group), as modelling's lookup gives it; bound values. */
const LOOKUP = `SELECT campaign, ad_group,
  CASE WHEN campaign = $1 THEN $2 WHEN ad_group = $3 THEN ad_group END AS theme
  FROM (SELECT DISTINCT campaign, ad_group FROM ads.performance) AS d`;
const THEME: ColumnUpdate = {
  columns: [{ name: 'theme', type: 'string', nullable: true }],
  keys: ['campaign', 'ad_group'],
  lookupSql: LOOKUP,
  params: ['Brand', `it's "50%_off" \\`, 'socks'],
};

let dataDir: string;
let wh: Warehouse;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'maya-update-columns-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
beforeEach(async () => {
  wh = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()) });
  await wh.ensureSchema('ads');
  await wh.createTable('ads', TABLE);
  await wh.loadBatch('ads', 'performance', [ROWS]);
});
afterEach(() => wh.close());

const update = (change: ColumnUpdate, table = 'performance') => {
  if (wh.updateColumns === undefined) throw new Error('DuckDB updates columns in place');
  return wh.updateColumns('ads', table, change);
};

const select = async (sql: string) => (await wh.query(sql, [], { timeoutMs: 5_000 })).rows;
const read = (columns: string) => select(`SELECT ${columns} FROM ads.performance ORDER BY ad_group_id, day`);

describe('DuckDB updateColumns', () => {
  it('adds a column filled by key from the lookup, NULL keys pairing with NULL', async () => {
    expect(await update(THEME)).toEqual({ rows: 5 });
    expect(await read('ad_group_id, theme')).toEqual([
      { ad_group_id: '1', theme: `it's "50%_off" \\` },
      { ad_group_id: '1', theme: `it's "50%_off" \\` },
      { ad_group_id: '2', theme: `it's "50%_off" \\` },
      { ad_group_id: '3', theme: 'socks' },
      { ad_group_id: '4', theme: null },
    ]);
    const columns = await wh.listColumns('ads', 'performance');
    expect(columns.map((c) => [c.name, c.type, c.nullable, c.primaryKey])).toContainEqual([
      'theme',
      'string',
      true,
      false,
    ]);
    // The table keeps its key: loads still upsert by it.
    await wh.loadBatch('ads', 'performance', [[{ ...ROWS[0], cost: 11 }]]);
    expect(await select('SELECT sum(cost) AS cost, count(*) AS n FROM ads.performance')).toEqual([
      { cost: 151, n: 5 },
    ]);
  });

  it('replaces a column it had, leaving NULL where the lookup has no row, and drops others', async () => {
    await update(THEME);
    await update({
      columns: [{ name: 'other', type: 'string', nullable: true }],
      lookupSql: `SELECT 'x' AS other`,
      keys: [],
    });
    expect(
      await update({
        columns: [{ name: 'theme', type: 'string', nullable: true }],
        keys: ['campaign'],
        lookupSql: `SELECT campaign, upper(campaign) AS theme FROM ads.performance WHERE campaign = $1 GROUP BY campaign`,
        params: ['Generic'],
        drop: ['other', 'not_there'],
      }),
    ).toEqual({ rows: 1 });
    expect(await read('ad_group_id, theme')).toEqual([
      { ad_group_id: '1', theme: null },
      { ad_group_id: '1', theme: null },
      { ad_group_id: '2', theme: null },
      { ad_group_id: '3', theme: null },
      { ad_group_id: '4', theme: 'GENERIC' },
    ]);
    expect((await wh.listColumns('ads', 'performance')).map((c) => c.name)).not.toContain('other');
  });

  it('fills every row from a lookup of one row when there is no key', async () => {
    await update({ ...THEME, keys: [], lookupSql: 'SELECT $1 AS theme', params: ['All'] });
    expect(await select('SELECT DISTINCT theme FROM ads.performance')).toEqual([{ theme: 'All' }]);
  });

  it('leaves the table as it was when anything fails', async () => {
    await update(THEME);
    const before = await read('*');
    const failures: [ColumnUpdate, 'engine_error' | 'schema_mismatch' | 'read_only_violation'][] = [
      [
        { ...THEME, lookupSql: 'SELECT campaign, ad_group, no_such_column AS theme FROM ads.performance' },
        'engine_error',
      ],
      [{ ...THEME, columns: [{ name: 'theme', type: 'integer', nullable: true }] }, 'schema_mismatch'],
      [{ ...THEME, lookupSql: 'DELETE FROM ads.performance' }, 'read_only_violation'],
      [{ ...THEME, lookupSql: 'SELECT 1 AS theme; DROP TABLE ads.performance' }, 'read_only_violation'],
      [{ ...THEME, columns: [{ name: 'day', type: 'string', nullable: true }] }, 'schema_mismatch'],
      [{ ...THEME, keys: ['no_such_key'] }, 'schema_mismatch'],
      [{ ...THEME, drop: ['ad_group_id'] }, 'schema_mismatch'],
    ];
    for (const [change, type] of failures) {
      await expectWarehouseError(update(change), type);
      expect(await read('*'), JSON.stringify(change)).toEqual(before);
    }
    await expectWarehouseError(update(THEME, 'missing'), 'schema_mismatch');
  });
});
