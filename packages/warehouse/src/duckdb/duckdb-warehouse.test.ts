import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarehouseError } from '../errors';
import { campaigns, expectWarehouseError, row, warehouseContract } from '../testing/warehouse-contract';
import { duckDbFileFor } from './duckdb-instance';
import { openDuckDbWarehouse } from './duckdb-warehouse';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'maya-warehouse-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

warehouseContract('DuckDB', () => ({
  // A tiny flush size so that loads merge many times inside their one transaction.
  open: () => openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()), loadFlushRows: 2 }),
  slowQuery: 'SELECT count(*) FROM range(1000000000) a, range(1000000000) b',
  writeStatements: [
    "ATTACH ':memory:' AS other",
    'DETACH other',
    "COPY (SELECT 1) TO '/tmp/maya-copy.csv'",
    "EXPORT DATABASE '/tmp/maya-export'",
    'CHECKPOINT',
    'INSTALL httpfs',
    'LOAD httpfs',
    'CALL pragma_version()',
    'EXPLAIN SELECT 1',
    'CREATE SEQUENCE seq',
  ],
}));

describe('DuckDB specifics', () => {
  const org = '6f1c2b8e-4a3d-4e6f-9a1b-2c3d4e5f6a7b';

  it('keeps one file per organization under DATA_DIR/warehouse', () => {
    expect(duckDbFileFor(dataDir, org.toUpperCase())).toBe(join(dataDir, 'warehouse', `${org}.duckdb`));
    expect(existsSync(join(dataDir, 'warehouse'))).toBe(true);
    expect(() => duckDbFileFor(dataDir, '../../etc/passwd')).toThrow(WarehouseError);
  });

  it('cannot read files from the machine', async () => {
    const wh = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, org) });
    await expectWarehouseError(
      wh.query("SELECT * FROM read_csv('/etc/passwd')", [], { timeoutMs: 5_000 }),
      'engine_error',
    );
    await wh.close();
  });

  it('reads files only from the allowed directories', async () => {
    const imports = join(dataDir, 'imports');
    mkdirSync(imports, { recursive: true });
    writeFileSync(join(imports, 'rows.csv'), 'a,b\n1,x\n2,y\n');
    const wh = await openDuckDbWarehouse({
      file: duckDbFileFor(dataDir, randomUUID()),
      allowedDirectories: [imports],
    });
    const csv = `SELECT sum(a) AS total FROM read_csv('${join(imports, 'rows.csv')}')`;
    expect((await wh.query(csv, [], { timeoutMs: 5_000 })).rows).toEqual([{ total: 3 }]);
    await expectWarehouseError(
      wh.query("SELECT * FROM read_csv('/etc/passwd')", [], { timeoutMs: 5_000 }),
      'engine_error',
    );
    await wh.close();
  });

  it('keeps decimals in 64 bits: a value of 10^9 or more fails its load and changes nothing', async () => {
    const wh = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()) });
    try {
      await wh.ensureSchema('ads');
      const table = {
        name: 'conversions',
        columns: [
          { name: 'id', type: 'integer' as const, nullable: false },
          { name: 'conversions', type: 'decimal' as const, nullable: true },
        ],
        primaryKey: ['id'],
      };
      await wh.createTable('ads', table);
      await wh.loadBatch('ads', 'conversions', [[{ id: 1, conversions: '999999999.12345' }]]);
      await expect(
        wh.loadBatch('ads', 'conversions', [
          [
            { id: 2, conversions: 1 },
            { id: 3, conversions: '1000000000' },
          ],
        ]),
      ).rejects.toThrow(WarehouseError);
      const { rows } = await wh.query(
        'SELECT id, conversions, typeof(conversions) AS t FROM ads.conversions',
        [],
        {
          timeoutMs: 5_000,
        },
      );
      expect(rows).toEqual([{ id: 1, conversions: 999999999.12345, t: 'DECIMAL(18,9)' }]);
    } finally {
      await wh.close();
    }
  });

  it('shares one engine between handles on the same file, and keeps data across reopening', async () => {
    const first = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, org) });
    const second = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, org) });
    await first.ensureSchema('ads');
    await first.createTable('ads', campaigns);
    await first.loadBatch('ads', 'campaigns', [[row('2024-01-01', 'a', 1)]]);
    const count = 'SELECT count(*) AS n FROM ads.campaigns';
    expect((await second.query(count, [], { timeoutMs: 5_000 })).rows).toEqual([{ n: 1 }]);
    await first.close();
    expect((await second.query(count, [], { timeoutMs: 5_000 })).rows).toEqual([{ n: 1 }]);
    await second.close();
    const reopened = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, org) });
    expect((await reopened.query(count, [], { timeoutMs: 5_000 })).rows).toEqual([{ n: 1 }]);
    await reopened.close();
  });

  it('loads 100,000 rows in one call', async () => {
    const wh = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()) });
    await wh.ensureSchema('ads');
    await wh.createTable('ads', campaigns);
    const rows = Array.from({ length: 100_000 }, (_, i) =>
      row(`2024-01-${String((i % 28) + 1).padStart(2, '0')}`, `c${Math.floor(i / 28)}`, i, {
        impressions: i * 10,
        ctr: i / 3,
        cost: i / 100,
      }),
    );
    const batches = Array.from({ length: 10 }, (_, b) => rows.slice(b * 10_000, (b + 1) * 10_000));
    expect(await wh.loadBatch('ads', 'campaigns', batches)).toEqual({ rows: 100_000 });
    const totals = await wh.query('SELECT count(*) AS n, sum(clicks) AS s FROM ads.campaigns', [], {
      timeoutMs: 10_000,
    });
    expect(totals.rows).toEqual([{ n: 100_000, s: (99_999 * 100_000) / 2 }]);
    await wh.close();
  });
});
