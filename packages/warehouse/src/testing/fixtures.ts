import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, expect } from 'vitest';
import { WarehouseError, type WarehouseErrorType } from '../errors';
import type { QueryResult, Row, TableSchema, Warehouse } from '../warehouse';

export type ContractTarget = {
  open(): Promise<Warehouse>;
  /** A query that runs for minutes. */
  slowQuery: string;
  /** Engine-specific statements that `query` must refuse, besides the common ones. */
  writeStatements: string[];
};

export const campaigns: TableSchema = {
  name: 'campaigns',
  primaryKey: ['day', 'campaign_id'],
  columns: [
    { name: 'day', type: 'date', nullable: false },
    { name: 'campaign_id', type: 'string', nullable: false },
    { name: 'name', type: 'string', nullable: false },
    { name: 'clicks', type: 'integer', nullable: true },
    { name: 'impressions', type: 'bigint', nullable: true },
    { name: 'ctr', type: 'double', nullable: true },
    { name: 'cost', type: 'decimal', nullable: true },
    { name: 'active', type: 'boolean', nullable: true },
    { name: 'updated_at', type: 'timestamp', nullable: true },
    { name: 'labels', type: 'json', nullable: true },
  ],
};

export function row(day: string, id: string, clicks: number, extra: Row = {}): Row {
  return { day, campaign_id: id, name: `Campaign ${id}`, clicks, ...extra };
}

export async function expectWarehouseError(
  promise: Promise<unknown>,
  type: WarehouseErrorType,
): Promise<WarehouseError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WarehouseError);
  expect((error as WarehouseError).type).toBe(type);
  return error as WarehouseError;
}

/** The batch most contract tests load: every column type, loose inputs included. */
export const batch: Row[] = [
  row('2024-01-01', 'a', 10, {
    impressions: '9007199254740993',
    ctr: 0.25,
    cost: '12.345',
    active: true,
    updated_at: '2024-01-01T10:00:00+02:00',
    labels: { tags: ['x'] },
  }),
  row('2024-01-01', 'b', 20, { impressions: 5, cost: 7, updated_at: new Date('2024-01-02T00:00:00Z') }),
  row('2024-01-02', 'a', 30),
];

export type ContractContext = {
  /** A fresh handle per test. */
  wh: Warehouse;
  /** A fresh schema per test, holding an empty `campaigns` table. */
  s: string;
  all: (table?: string) => Promise<Row[]>;
  /** Runs `sql` with `{s}` replaced by the test's schema. */
  q: (sql: string, params?: unknown[] | Record<string, unknown>, maxRows?: number) => Promise<QueryResult>;
};

/** Registers the per-test setup: a new handle, a new schema, the campaigns table. */
export function useContractWarehouse(target: () => ContractTarget): ContractContext {
  const ctx: ContractContext = {
    wh: null as unknown as Warehouse,
    s: '',
    all: async (table = 'campaigns') =>
      (
        await ctx.wh.query(`SELECT * FROM ${ctx.s}.${table} ORDER BY day, campaign_id`, [], {
          timeoutMs: 10_000,
        })
      ).rows,
    q: (sql, params = [], maxRows) =>
      ctx.wh.query(sql.replaceAll('{s}', ctx.s), params, { timeoutMs: 10_000, maxRows }),
  };
  beforeEach(async () => {
    ctx.wh = await target().open();
    ctx.s = `t_${randomBytes(5).toString('hex')}`;
    await ctx.wh.ensureSchema(ctx.s);
    await ctx.wh.createTable(ctx.s, campaigns);
  });
  afterEach(async () => {
    await ctx.wh.close();
  });
  return ctx;
}
