// The two engines the property tests run on: a DuckDB file in a temporary directory and the
// scratch database on the run's embedded PostgreSQL, each through its @maya/warehouse adapter.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  openDuckDbWarehouse,
  openPostgresWarehouse,
  type TableSchema,
  type Warehouse,
} from '@maya/warehouse';
import { createScratchDatabase } from '@maya/embedded-postgres/testing';
import { compileClusterColumn } from '../src/clusters/compile';
import type { ClusterColumn, ClusterContext } from '../src/clusters/types';

export type Engine = { name: 'duckdb' | 'postgres'; warehouse: Warehouse; close: () => Promise<void> };

export async function openEngines(): Promise<Engine[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'maya-analytics-'));
  const duck = await openDuckDbWarehouse({ file: path.join(dir, 'test.duckdb') });
  const scratch = await createScratchDatabase('analytics');
  const postgres = await openPostgresWarehouse({ connectionString: scratch.url });
  return [
    {
      name: 'duckdb',
      warehouse: duck,
      close: async () => {
        await duck.close();
        await rm(dir, { recursive: true, force: true });
      },
    },
    {
      name: 'postgres',
      warehouse: postgres,
      close: async () => {
        await postgres.close();
        await scratch.drop();
      },
    },
  ];
}

/** A table of text and numeric columns keyed by `id`. */
export function rowsTable(name: string, text: readonly string[], numeric: readonly string[]): TableSchema {
  return {
    name,
    columns: [
      { name: 'id', type: 'integer', nullable: false },
      ...text.map((c) => ({ name: c, type: 'string' as const, nullable: true })),
      ...numeric.map((c) => ({ name: c, type: 'double' as const, nullable: true })),
    ],
    primaryKey: ['id'],
  };
}

/** Each row's label from the compiled column, in `id` order. */
export async function labels(
  warehouse: Warehouse,
  schema: string,
  table: string,
  column: ClusterColumn,
  context: ClusterContext,
): Promise<(string | null)[]> {
  const { sql, params } = compileClusterColumn(column, { ...context, dialect: warehouse.engine, offset: 0 });
  const result = await warehouse.query(
    `SELECT "id", ${sql} AS "label" FROM "${schema}"."${table}" ORDER BY "id"`,
    params,
    { timeoutMs: 60_000 },
  );
  return result.rows.map((r) => r.label as string | null);
}
