// Queries keep their connection, READ ONLY transaction and prepared statements between calls
// (duckdb-readers.ts): what each query reads must still be what a fresh transaction would.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarehouseError } from '../errors';
import { stagedTableName } from '../identifiers';
import { campaigns, row } from '../testing/warehouse-contract';
import type { Warehouse } from '../warehouse';
import { duckDbFileFor } from './duckdb-instance';
import { openDuckDbWarehouse } from './duckdb-warehouse';

const COUNT = 'SELECT count(*) AS n, coalesce(sum(clicks), 0) AS clicks FROM ads.campaigns WHERE day >= $1';
const since = ['2024-01-01'];
const opts = { timeoutMs: 5_000 };

let dataDir: string;
let wh: Warehouse;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'maya-readers-'));
  wh = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()) });
  await wh.ensureSchema('ads');
});
afterAll(async () => {
  await wh.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function counts(parallel: number) {
  return Promise.all(Array.from({ length: parallel }, () => wh.query(COUNT, since, opts)));
}

describe('DuckDB queries on kept connections', () => {
  it('see every write committed before them, one query or several at once', async () => {
    await wh.createTable('ads', campaigns);
    for (let i = 1; i <= 6; i++) {
      await wh.loadBatch('ads', 'campaigns', [[row('2024-02-01', `c${i}`, i)]]);
      const expected = { n: i, clicks: (i * (i + 1)) / 2 };
      // Several at once take several connections; each must see the load just made.
      for (const { rows } of await counts(i % 2 === 0 ? 4 : 1)) expect(rows).toEqual([expected]);
    }
  });

  it('read a table that was replaced since their statement was prepared', async () => {
    await wh.dropTable('ads', 'campaigns');
    await wh.createTable('ads', campaigns);
    expect((await wh.query(COUNT, since, opts)).rows).toEqual([{ n: 0, clicks: 0 }]);
    await wh.loadBatch('ads', 'campaigns', [[row('2024-03-01', 'x', 40), row('2024-03-02', 'y', 2)]]);
    await wh.stage('ads', 'campaigns');
    await wh.loadBatch('ads', 'campaigns', [[row('2024-03-03', 'z', 100)]], { staging: true });
    await wh.swap('ads', stagedTableName('campaigns'), 'campaigns');
    expect((await counts(3)).map((r) => r.rows)).toEqual(Array(3).fill([{ n: 3, clicks: 142 }]));
  });

  it('see a write that committed while another query was running', async () => {
    const slow = wh.query('SELECT count(*) AS n FROM range(30000000) a', [], opts);
    const before = (await wh.query(COUNT, since, opts)).rows[0]?.n as number;
    await wh.loadBatch('ads', 'campaigns', [[row('2024-03-04', 'w', 1)]]);
    expect((await slow).rows).toEqual([{ n: 30_000_000 }]);
    // The slow query's connection began before the load; whichever connection answers now
    // must see it.
    for (const { rows } of await counts(3)) expect(rows[0]?.n).toBe(before + 1);
  });

  it('go on working after a query fails on its connection', async () => {
    await expect(wh.query("SELECT CAST('not a number' AS INTEGER) AS n", [], opts)).rejects.toThrow(
      WarehouseError,
    );
    await expect(wh.query(COUNT, [], opts)).rejects.toThrow(WarehouseError);
    expect((await counts(2)).map((r) => r.rows[0]?.n)).toEqual([4, 4]);
  });
});
