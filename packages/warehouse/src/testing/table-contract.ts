import { describe, expect, it } from 'vitest';
import { stagedTableName } from '../identifiers';
import type { Row } from '../warehouse';
import {
  batch,
  campaigns,
  expectWarehouseError,
  row,
  useContractWarehouse,
  type ContractTarget,
} from './fixtures';

/** Schemas, tables, loads, staging and swap. */
export function tableContract(target: () => ContractTarget): void {
  describe('tables and loads', () => {
    const ctx = useContractWarehouse(target);
    const { all } = ctx;

    it('creates schema and table idempotently and lists them from information_schema', async () => {
      const { wh, s } = ctx;
      await wh.ensureSchema(s);
      await wh.createTable(s, campaigns);
      expect(await wh.listTables(s)).toEqual(['campaigns']);
      const columns = await wh.listColumns(s, 'campaigns');
      expect(columns.map((c) => [c.name, c.type, c.nullable, c.primaryKey])).toEqual(
        campaigns.columns.map((c) => [c.name, c.type, c.nullable, campaigns.primaryKey.includes(c.name)]),
      );
      expect(columns.every((c) => c.engineType.length > 0)).toBe(true);
      expect(await wh.listColumns(s, 'nope')).toEqual([]);
      expect(await wh.listTables(`${s}_none`)).toEqual([]);
    });

    it('adds declared nullable columns and refuses incompatible definitions', async () => {
      const { wh, s } = ctx;
      const notes = { name: 'notes', type: 'string' as const, nullable: true };
      await wh.createTable(s, { ...campaigns, columns: [...campaigns.columns, notes] });
      expect((await wh.listColumns(s, 'campaigns')).at(-1)?.name).toBe('notes');
      const retyped = campaigns.columns.map((c) =>
        c.name === 'clicks' ? { ...c, type: 'string' as const } : c,
      );
      await expectWarehouseError(wh.createTable(s, { ...campaigns, columns: retyped }), 'schema_mismatch');
      await expectWarehouseError(wh.createTable(s, { ...campaigns, primaryKey: ['day'] }), 'schema_mismatch');
      await expectWarehouseError(
        wh.createTable(s, { ...campaigns, name: 'other', primaryKey: [] }),
        'schema_mismatch',
      );
    });

    it('rejects invalid identifiers everywhere', async () => {
      const { wh, s } = ctx;
      await expectWarehouseError(wh.ensureSchema('Ads'), 'invalid_identifier');
      await expectWarehouseError(wh.ensureSchema('ads; DROP TABLE x'), 'invalid_identifier');
      await expectWarehouseError(wh.createTable(s, { ...campaigns, name: 'bad-name' }), 'invalid_identifier');
      const quoted = {
        name: 't',
        primaryKey: ['id'],
        columns: [{ name: 'id"', type: 'string' as const, nullable: false }],
      };
      await expectWarehouseError(wh.createTable(s, quoted), 'invalid_identifier');
      await expectWarehouseError(wh.loadBatch(s, '"campaigns"', [[]]), 'invalid_identifier');
      await expectWarehouseError(wh.listColumns(s, 'x'.repeat(64)), 'invalid_identifier');
      await expectWarehouseError(wh.swap(s, 'a', 'B'), 'invalid_identifier');
      await expectWarehouseError(wh.dropTable('1ads', 'campaigns'), 'invalid_identifier');
    });

    it('upserts by primary key: the same batch twice leaves the same table', async () => {
      const { wh, s } = ctx;
      expect(await wh.loadBatch(s, 'campaigns', [batch])).toEqual({ rows: 3 });
      const first = await all();
      expect(await wh.loadBatch(s, 'campaigns', [batch])).toEqual({ rows: 3 });
      expect(await all()).toEqual(first);
      expect(first).toEqual([
        {
          day: '2024-01-01',
          campaign_id: 'a',
          name: 'Campaign a',
          clicks: 10,
          impressions: '9007199254740993',
          ctr: 0.25,
          cost: 12.345,
          active: true,
          updated_at: '2024-01-01T08:00:00Z',
          labels: { tags: ['x'] },
        },
        {
          ...row('2024-01-01', 'b', 20),
          impressions: 5,
          ctr: null,
          cost: 7,
          active: null,
          updated_at: '2024-01-02T00:00:00Z',
          labels: null,
        },
        {
          ...row('2024-01-02', 'a', 30),
          impressions: null,
          ctr: null,
          cost: null,
          active: null,
          updated_at: null,
          labels: null,
        },
      ]);
    });

    it('keeps the last occurrence of a key, within and across batches', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [
        [row('2024-01-01', 'a', 1), row('2024-01-01', 'a', 2)],
        [row('2024-01-01', 'b', 3), row('2024-01-01', 'a', 4)],
      ]);
      expect((await all()).map((r) => [r.campaign_id, r.clicks])).toEqual([
        ['a', 4],
        ['b', 3],
      ]);
    });

    it('accepts streamed batches', async () => {
      const { wh, s } = ctx;
      async function* pages() {
        for (let p = 0; p < 5; p += 1) yield [row('2024-02-01', `c${p}`, p), row('2024-02-02', `c${p}`, p)];
      }
      expect(await wh.loadBatch(s, 'campaigns', pages())).toEqual({ rows: 10 });
      expect(await all()).toHaveLength(10);
    });

    it('leaves the table unchanged when a row mid-load violates NOT NULL', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      const before = await all();
      async function* pages() {
        yield [row('2024-01-01', 'a', 999), row('2024-03-01', 'new', 1), row('2024-03-02', 'new', 1)];
        yield [row('2024-03-03', 'new', 1), { ...row('2024-03-04', 'bad', 1), name: null }];
      }
      const error = await expectWarehouseError(wh.loadBatch(s, 'campaigns', pages()), 'schema_mismatch');
      expect(error.message).toContain('batch 2, row 2');
      expect(await all()).toEqual(before);
    });

    it('leaves the table unchanged when a value does not fit its column', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      const before = await all();
      const load = (rows: Row[][]) => wh.loadBatch(s, 'campaigns', rows);
      await expectWarehouseError(
        load([[row('2024-01-01', 'a', 999), row('2024-01-05', 'x', 1)], [row('2024-13-45', 'a', 1)]]),
        'schema_mismatch',
      );
      await expectWarehouseError(load([[row('2024-01-01', 'a', 999, { cost: 'lots' })]]), 'schema_mismatch');
      await expectWarehouseError(load([[row('2024-01-01', 'a', 999, { unknown: 1 })]]), 'schema_mismatch');
      await expectWarehouseError(load([[row('2024-01-01', 'a', 2 ** 40)]]), 'schema_mismatch');
      await expectWarehouseError(
        load([[row('2024-01-01', 'a', 1, { updated_at: 'yesterday-ish' })]]),
        'schema_mismatch',
      );
      expect(await all()).toEqual(before);
    });

    it('refuses to load a table that does not exist', async () => {
      const { wh, s } = ctx;
      await expectWarehouseError(wh.loadBatch(s, 'missing', [[{ id: 1 }]]), 'schema_mismatch');
      await expectWarehouseError(
        wh.loadBatch(s, 'missing', [[{ id: 1 }]], { staging: true }),
        'schema_mismatch',
      );
    });

    it('loads the staged twin and swaps it in atomically, live readable throughout, cycle after cycle', async () => {
      const { wh, s } = ctx;
      const staged = stagedTableName('campaigns');
      await wh.loadBatch(s, 'campaigns', [[row('2024-01-01', 'old', 1), row('2024-01-02', 'old', 2)]]);
      for (const generation of ['new', 'newer']) {
        const oldRows = await all();
        await wh.loadBatch(
          s,
          'campaigns',
          [[row('2024-01-01', generation, 5)], [row('2024-01-02', generation, 6)]],
          { staging: true },
        );
        expect(await all()).toEqual(oldRows);
        expect(await wh.listTables(s)).toEqual(['campaigns', staged]);
        const readers = Array.from({ length: 10 }, () => all());
        await wh.swap(s, staged, 'campaigns');
        const seen = await Promise.all(readers);
        const newRows = await all();
        expect(newRows.map((r) => r.campaign_id)).toEqual([generation, generation]);
        for (const rows of seen) expect([oldRows, newRows]).toContainEqual(rows);
        expect(await wh.listTables(s)).toEqual(['campaigns']);
      }
      const keys = (await wh.listColumns(s, 'campaigns')).filter((c) => c.primaryKey).map((c) => c.name);
      expect(keys).toEqual(['day', 'campaign_id']);
    });

    it('refuses to swap in a staged table that does not exist and leaves live intact', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [[row('2024-01-01', 'a', 1)]]);
      await expectWarehouseError(wh.swap(s, stagedTableName('campaigns'), 'campaigns'), 'schema_mismatch');
      await expectWarehouseError(wh.swap(s, 'campaigns', 'campaigns'), 'schema_mismatch');
      expect(await all()).toHaveLength(1);
    });

    it('stages a copy of live without the rows it replaces, in the engine, then swaps', async () => {
      const { wh, s, q } = ctx;
      const staged = stagedTableName('campaigns');
      await wh.loadBatch(s, 'campaigns', [
        [
          row('2024-01-01', 'a', 1),
          row('2024-01-02', 'a', 2),
          row('2024-01-03', 'a', 3),
          row('2024-01-02', 'b', 4),
        ],
      ]);
      // A stale twin from a killed run is replaced, not added to.
      await wh.loadBatch(s, 'campaigns', [[row('2023-12-31', 'z', 9)]], { staging: true });
      const copied = await wh.stage(s, 'campaigns', {
        except: [
          { column: 'campaign_id', equals: 'a' },
          { column: 'day', from: '2024-01-02', to: '2024-01-03' },
        ],
      });
      expect(copied.rows).toBe(2);
      const stagedRows = await q(`SELECT day, campaign_id FROM {s}.${staged} ORDER BY day, campaign_id`);
      expect(stagedRows.rows).toEqual([
        { day: '2024-01-01', campaign_id: 'a' },
        { day: '2024-01-02', campaign_id: 'b' },
      ]);
      await wh.loadBatch(s, 'campaigns', [[row('2024-01-02', 'a', 20)]], { staging: true });
      expect((await all()).map((r) => r.clicks)).toEqual([1, 2, 4, 3]);
      await wh.swap(s, staged, 'campaigns');
      expect((await all()).map((r) => [r.day, r.campaign_id, r.clicks])).toEqual([
        ['2024-01-01', 'a', 1],
        ['2024-01-02', 'a', 20],
        ['2024-01-02', 'b', 4],
      ]);
      expect((await wh.stage(s, 'campaigns')).rows).toBe(3);
    });

    it('refuses to stage a missing table or on a column it lacks', async () => {
      const { wh, s } = ctx;
      await expectWarehouseError(wh.stage(s, 'missing'), 'schema_mismatch');
      await expectWarehouseError(
        wh.stage(s, 'campaigns', { except: [{ column: 'nope', equals: 1 }] }),
        'schema_mismatch',
      );
      await expectWarehouseError(
        wh.stage(s, 'campaigns', { except: [{ column: 'day', equals: null }] }),
        'invalid_parameter',
      );
      expect(await wh.listTables(s)).toEqual(['campaigns']);
    });

    it('drops a stale staged table', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [[row('2024-01-01', 'a', 1)]], { staging: true });
      await wh.dropTable(s, stagedTableName('campaigns'));
      await wh.dropTable(s, stagedTableName('campaigns'));
      expect(await wh.listTables(s)).toEqual(['campaigns']);
    });
  });
}
