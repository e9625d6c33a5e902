import { describe, expect, it } from 'vitest';
import { WarehouseError } from '../errors';
import { stagedTableName } from '../identifiers';
import type { TableSchema } from '../warehouse';
import { batch, expectWarehouseError, row, useContractWarehouse, type ContractTarget } from './fixtures';

/** A model of the campaigns table: clicks and cost by campaign. */
const totals: TableSchema = {
  name: 'totals',
  primaryKey: ['campaign_id'],
  columns: [
    { name: 'campaign_id', type: 'string', nullable: false },
    { name: 'days', type: 'integer', nullable: false },
    { name: 'clicks', type: 'bigint', nullable: true },
    { name: 'cost', type: 'decimal', nullable: true },
    { name: 'first_day', type: 'date', nullable: true },
  ],
};

const TOTALS_SQL = `SELECT campaign_id, count(*) AS days, sum(clicks) AS clicks, sum(cost) AS cost,
  min(day) AS first_day FROM {s}.campaigns GROUP BY campaign_id`;

/** Rebuilding a table from a query inside the engine: atomic, typed, all or nothing. */
export function materializeContract(target: () => ContractTarget): void {
  describe('materialize', () => {
    const ctx = useContractWarehouse(target);
    const { all, q } = ctx;
    const sql = (text: string) => text.replaceAll('{s}', ctx.s);
    const totalsRows = async () => (await q('SELECT * FROM {s}.totals ORDER BY campaign_id')).rows;

    it('builds a table with the declared definition from a query, then rebuilds it', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      expect(await wh.materialize(s, totals, sql(TOTALS_SQL))).toEqual({ rows: 2 });
      expect(await totalsRows()).toEqual([
        { campaign_id: 'a', days: 2, clicks: 40, cost: 12.345, first_day: '2024-01-01' },
        { campaign_id: 'b', days: 1, clicks: 20, cost: 7, first_day: '2024-01-01' },
      ]);
      const columns = await wh.listColumns(s, 'totals');
      expect(columns.map((c) => [c.name, c.type, c.nullable, c.primaryKey])).toEqual(
        totals.columns.map((c) => [c.name, c.type, c.nullable, c.name === 'campaign_id']),
      );

      // Columns are taken by name, in any order; the new definition replaces the old one.
      const renamed: TableSchema = {
        name: 'totals',
        primaryKey: ['campaign_id', 'day'],
        columns: [
          { name: 'campaign_id', type: 'string', nullable: false },
          { name: 'day', type: 'date', nullable: false },
          { name: 'clicks', type: 'bigint', nullable: true },
        ],
      };
      const rebuilt = await wh.materialize(
        s,
        renamed,
        sql('SELECT clicks, day, campaign_id FROM {s}.campaigns WHERE clicks >= $1 -- comment'),
        [20],
      );
      expect(rebuilt).toEqual({ rows: 2 });
      expect(await totalsRows()).toEqual([
        { campaign_id: 'a', day: '2024-01-02', clicks: 30 },
        { campaign_id: 'b', day: '2024-01-01', clicks: 20 },
      ]);
      const keys = (await wh.listColumns(s, 'totals')).filter((c) => c.primaryKey).map((c) => c.name);
      expect(keys).toEqual(['campaign_id', 'day']);
      expect(await wh.listTables(s)).toEqual(['campaigns', 'totals']);
    });

    it('builds an empty table from a query without rows, and takes named parameters', async () => {
      const { wh, s } = ctx;
      expect(await wh.materialize(s, totals, sql(TOTALS_SQL))).toEqual({ rows: 0 });
      expect(await totalsRows()).toEqual([]);
      await wh.loadBatch(s, 'campaigns', [batch]);
      const named = await wh.materialize(
        s,
        totals,
        sql(
          `WITH picked AS (SELECT * FROM {s}.campaigns WHERE campaign_id = $id)
           SELECT campaign_id, count(*) AS days, sum(clicks) AS clicks, NULL AS cost, NULL AS first_day
           FROM picked GROUP BY campaign_id;`,
        ),
        { id: 'b' },
      );
      expect(named).toEqual({ rows: 1 });
      expect(await totalsRows()).toEqual([
        { campaign_id: 'b', days: 1, clicks: 20, cost: null, first_day: null },
      ]);
    });

    it('keeps readers on the old or the new table while rebuilding', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      await wh.materialize(s, totals, sql(`${TOTALS_SQL} HAVING count(*) > 1`));
      const before = await totalsRows();
      const readers = Array.from({ length: 10 }, () => totalsRows());
      await wh.materialize(s, totals, sql(TOTALS_SQL));
      const after = await totalsRows();
      expect(after).toHaveLength(2);
      for (const seen of await Promise.all(readers)) expect([before, after]).toContainEqual(seen);
    });

    it('leaves the old table and no staged twin when the query fails or its rows do not fit', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      await wh.materialize(s, totals, sql(TOTALS_SQL));
      const before = await totalsRows();
      const attempts: [string, string, unknown[]?][] = [
        ['engine_error', 'SELECT campaign_id FROM {s}.nope'],
        ['engine_error', 'SELECT FROM WHERE'],
        // A declared column the query does not give.
        ['engine_error', 'SELECT campaign_id, 1 AS days, 2 AS clicks, 3 AS cost FROM {s}.campaigns'],
        // Two rows of one key.
        [
          'schema_mismatch',
          'SELECT campaign_id, 1 AS days, clicks, cost, day AS first_day FROM {s}.campaigns',
        ],
        // NULL in a NOT NULL column.
        ['schema_mismatch', `${TOTALS_SQL.replace('count(*) AS days', 'NULL AS days')}`],
        // A value that is not of the column's type.
        ['schema_mismatch', `${TOTALS_SQL.replace('min(day) AS first_day', "'someday' AS first_day")}`],
        ['invalid_parameter', `${TOTALS_SQL} HAVING count(*) > $1`, []],
      ];
      for (const [type, text, params] of attempts) {
        const error = await wh.materialize(s, totals, sql(text), params).then(
          () => null,
          (e: unknown) => e,
        );
        expect([text, error instanceof WarehouseError ? error.type : error]).toEqual([text, type]);
        expect(await totalsRows()).toEqual(before);
        expect(await wh.listTables(s)).toEqual(['campaigns', 'totals']);
      }
    });

    it('builds a table only ever rebuilt whole (rebuiltOnly) alike, its key still unique', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      expect(await wh.materialize(s, totals, sql(TOTALS_SQL), [], { rebuiltOnly: true })).toEqual({
        rows: 2,
      });
      const before = await totalsRows();
      expect(before.map((r) => r.campaign_id)).toEqual(['a', 'b']);
      // Two rows of one key fail the build as the constraint would, and change nothing.
      const repeated = 'SELECT campaign_id, 1 AS days, clicks, cost, day AS first_day FROM {s}.campaigns';
      const error = await wh.materialize(s, totals, sql(repeated), [], { rebuiltOnly: true }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error instanceof WarehouseError ? error.type : error).toBe('schema_mismatch');
      expect(await totalsRows()).toEqual(before);
      expect(await wh.listTables(s)).toEqual(['campaigns', 'totals']);
    });

    it('refuses statements that are not a single read-only query and changes nothing', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      await wh.materialize(s, totals, sql(TOTALS_SQL));
      const before = await totalsRows();
      const statements = [
        'DELETE FROM {s}.campaigns',
        'DROP TABLE {s}.campaigns',
        "INSERT INTO {s}.campaigns (day, campaign_id, name) VALUES ('2024-02-01', 'x', 'x')",
        `${TOTALS_SQL}; DROP TABLE {s}.campaigns`,
        'SELECT 1 AS x) AS q; DROP TABLE {s}.campaigns; SELECT (1',
        `WITH d AS (DELETE FROM {s}.campaigns RETURNING *) SELECT campaign_id, 1 AS days, NULL AS clicks,
           NULL AS cost, NULL AS first_day FROM d`,
        '',
        '-- nothing',
      ];
      for (const text of statements) {
        const error = await wh.materialize(s, totals, sql(text)).then(
          () => null,
          (e: unknown) => e,
        );
        expect([text, error instanceof WarehouseError ? error.type : error]).toEqual([
          text,
          'read_only_violation',
        ]);
      }
      expect(await all()).toHaveLength(3);
      expect(await totalsRows()).toEqual(before);
      expect(await wh.listTables(s)).toEqual(['campaigns', 'totals']);
    });

    it('refuses bad identifiers and definitions before touching anything', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [[row('2024-01-01', 'a', 1)]]);
      await expectWarehouseError(wh.materialize('Bad', totals, 'SELECT 1'), 'invalid_identifier');
      await expectWarehouseError(
        wh.materialize(s, { ...totals, name: 'x-y' }, 'SELECT 1'),
        'invalid_identifier',
      );
      await expectWarehouseError(
        wh.materialize(s, { ...totals, primaryKey: [] }, 'SELECT 1'),
        'schema_mismatch',
      );
      // A stale twin from a killed load is replaced, not added to.
      await wh.createTable(s, { ...totals, name: stagedTableName('totals') });
      expect(await wh.materialize(s, totals, sql(TOTALS_SQL))).toEqual({ rows: 1 });
      expect(await wh.listTables(s)).toEqual(['campaigns', 'totals']);
    });
  });
}
