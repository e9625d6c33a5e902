import { describe, expect, it } from 'vitest';
import { WarehouseError } from '../errors';
import { batch, expectWarehouseError, row, useContractWarehouse, type ContractTarget } from './fixtures';

/** Read-only queries: parameters, result form, row cap, refusals, time limit. */
export function queryContract(target: () => ContractTarget): void {
  describe('queries', () => {
    const ctx = useContractWarehouse(target);
    const { all, q } = ctx;

    it('binds positional and named parameters and describes the result', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      const result = await q(
        `SELECT campaign_id, sum(cost) AS cost, count(*) AS n, min(day) AS first_day, max(updated_at) AS last_update
           FROM {s}.campaigns WHERE day >= $1 AND campaign_id = ANY($2) GROUP BY campaign_id ORDER BY campaign_id`,
        ['2024-01-01', ['a', 'b']],
      );
      expect(result.rows).toEqual([
        {
          campaign_id: 'a',
          cost: 12.345,
          n: 2,
          first_day: '2024-01-01',
          last_update: '2024-01-01T08:00:00Z',
        },
        { campaign_id: 'b', cost: 7, n: 1, first_day: '2024-01-01', last_update: '2024-01-02T00:00:00Z' },
      ]);
      expect(result.columns.map((c) => c.type)).toEqual(['string', 'decimal', 'bigint', 'date', 'timestamp']);
      expect(result.truncated).toBe(false);
      const named = await q(
        'SELECT CAST(count(*) AS INTEGER) AS n FROM {s}.campaigns WHERE campaign_id = $id AND day < $before',
        {
          id: 'a',
          before: '2024-01-02',
        },
      );
      expect(named.rows).toEqual([{ n: 1 }]);
      const injected = await q('SELECT count(*) AS n FROM {s}.campaigns WHERE campaign_id = $1', [
        "a' OR '1'='1",
      ]);
      expect(injected.rows).toEqual([{ n: 0 }]);
      expect(
        (
          await q(
            'WITH g AS (SELECT * FROM {s}.campaigns WHERE campaign_id = $1) SELECT count(*) AS n FROM g',
            ['a'],
          )
        ).rows,
      ).toEqual([{ n: 2 }]);
    });

    it('caps the rows with maxRows and says so', async () => {
      const { wh, s } = ctx;
      const rows = Array.from({ length: 50 }, (_, i) =>
        row('2024-01-01', `c${String(i).padStart(2, '0')}`, i),
      );
      await wh.loadBatch(s, 'campaigns', [rows]);
      const capped = await q('SELECT campaign_id FROM {s}.campaigns ORDER BY campaign_id', [], 3);
      expect(capped).toMatchObject({
        rows: [{ campaign_id: 'c00' }, { campaign_id: 'c01' }, { campaign_id: 'c02' }],
        truncated: true,
      });
      expect((await q('SELECT campaign_id FROM {s}.campaigns', [], 50)).truncated).toBe(false);
    });

    it('refuses statements that are not a single read-only query', async () => {
      const { wh, s } = ctx;
      await wh.loadBatch(s, 'campaigns', [batch]);
      const statements = [
        "INSERT INTO {s}.campaigns (day, campaign_id, name) VALUES ('2024-02-01', 'x', 'x')",
        'UPDATE {s}.campaigns SET clicks = 0',
        'DELETE FROM {s}.campaigns',
        'DROP TABLE {s}.campaigns',
        'CREATE TABLE {s}.x (i INTEGER)',
        'ALTER TABLE {s}.campaigns ADD COLUMN z INTEGER',
        'TRUNCATE {s}.campaigns',
        'SET search_path = public',
        'SELECT 1; DROP TABLE {s}.campaigns',
        "WITH x AS (SELECT 1) INSERT INTO {s}.campaigns (day, campaign_id, name) SELECT '2024-02-01', 'y', 'y'",
        'WITH d AS (DELETE FROM {s}.campaigns RETURNING *) SELECT count(*) FROM d',
        'BEGIN',
        'COMMIT',
        'VACUUM',
        '',
        '  -- nothing\n',
        ...target().writeStatements,
      ];
      for (const sql of statements) {
        const error = await q(sql).then(
          () => null,
          (e: unknown) => e,
        );
        expect([sql, error instanceof WarehouseError ? error.type : error]).toEqual([
          sql,
          'read_only_violation',
        ]);
      }
      expect(await all()).toHaveLength(3);
    });

    it('interrupts a slow query with query_timeout and stays usable', async () => {
      const { wh } = ctx;
      await expectWarehouseError(wh.query(target().slowQuery, [], { timeoutMs: 300 }), 'query_timeout');
      expect((await q('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    });

    it('reports bad parameters and engine errors with their types', async () => {
      const { wh } = ctx;
      await expectWarehouseError(q('SELECT CAST($1 AS INTEGER) AS a'), 'invalid_parameter');
      await expectWarehouseError(q('SELECT CAST($1 AS INTEGER) AS a', [{ a: 1 }]), 'invalid_parameter');
      await expectWarehouseError(q('SELECT CAST($a AS INTEGER) AS a', { b: 1 }), 'invalid_parameter');
      await expectWarehouseError(wh.query('SELECT 1', [], { timeoutMs: 0 }), 'invalid_parameter');
      await expectWarehouseError(q('SELECT * FROM {s}.nope'), 'engine_error');
      await expectWarehouseError(q('SELECT FROM WHERE'), 'engine_error');
    });

    it('refuses every call once closed', async () => {
      const { wh, s } = ctx;
      await wh.close();
      await expectWarehouseError(wh.listTables(s), 'engine_error');
      await expectWarehouseError(q('SELECT 1'), 'engine_error');
      await wh.close();
    });
  });
}
