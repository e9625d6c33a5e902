// A derived-only re-application on DuckDB (decision 400): the columns added in place from their
// values per distinct combination of what they read give every row the label the per-row
// expression gives it, NULLs included; a column no longer derived is dropped; a failure leaves
// the table as it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODEL_SCHEMA, modelTable, type CanonicalModel } from '@maya/analytics';
import { openDuckDbWarehouse, type Warehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDerivedColumns } from './build';
import { derivedSelect, type DerivedColumn } from './derived-columns';

const MODEL: CanonicalModel = {
  name: 'items',
  description: 'test rows',
  dependsOn: [],
  sources: [],
  columns: [
    { name: 'day', type: 'date', nullable: false, role: 'key', description: '' },
    { name: 'id', type: 'string', nullable: false, role: 'key', description: '' },
    { name: 'campaign', type: 'string', nullable: true, role: 'group', description: '' },
    { name: 'ad_group', type: 'string', nullable: true, role: 'group', description: '' },
    { name: 'cost', type: 'bigint', nullable: true, role: 'sum', description: '' },
  ],
};

const ROWS = `SELECT * FROM (VALUES
  (DATE '2024-01-01', '1', 'Brand', 'shoes', 10), (DATE '2024-01-02', '1', 'Brand', 'shoes', 20),
  (DATE '2024-01-01', '2', NULL, 'shoes', 30), (DATE '2024-01-01', '3', 'Generic', NULL, 40),
  (DATE '2024-01-01', '4', NULL, NULL, 50), (DATE '2024-01-02', '5', 'it''s 50%', 'x', 60)
) AS v(day, id, campaign, ad_group, cost)`;

const derived = (column: string, reads: string[], sql: string, params: unknown[] = []): DerivedColumn => ({
  table: MODEL.name,
  column,
  label: column,
  reads,
  expression: (_dialect, offset) => ({
    sql: sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`),
    params,
  }),
});

const THEME = derived(
  'theme',
  ['campaign', 'ad_group'],
  `CASE WHEN campaign IS NULL AND ad_group IS NULL THEN $1 WHEN campaign = $2 THEN ad_group
    WHEN COALESCE(campaign, '') LIKE $3 THEN $4 END`,
  ['nothing', 'Brand', '%50%', `it's 50%`],
);
const THEME_OR_OTHER = derived('theme_or_other', ['theme'], 'COALESCE(theme, $1)', ['Other']);

let dir: string;
let warehouse: Warehouse;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'maya-derived-apply-'));
  warehouse = await openDuckDbWarehouse({ file: join(dir, 'w.duckdb') });
  await warehouse.ensureSchema(MODEL_SCHEMA);
  await warehouse.materialize(MODEL_SCHEMA, modelTable(MODEL), ROWS);
});
afterAll(async () => {
  await warehouse.close();
  rmSync(dir, { recursive: true, force: true });
});

const apply = (columns: DerivedColumn[]) =>
  applyDerivedColumns(warehouse, { derived: columns, models: [MODEL] });

const select = async (sql: string, params: unknown[] = []) =>
  (await warehouse.query(`${sql} ORDER BY id, day`, params, { timeoutMs: 10_000 })).rows;

describe('derived columns applied in place on DuckDB', () => {
  it('give every row what the per-row expression gives, a later column over an earlier one', async () => {
    const columns = [THEME, THEME_OR_OTHER];
    const perRow = derivedSelect('duckdb', MODEL_SCHEMA, modelTable(MODEL), columns);
    const expected = await select(
      `SELECT id, theme, theme_or_other FROM (${perRow.sql}) AS r`,
      perRow.params,
    );
    expect(expected.map((r) => r.theme)).toEqual(['shoes', 'shoes', null, null, 'nothing', `it's 50%`]);

    const outcome = await apply(columns);
    expect(outcome?.applied.map((c) => c.column)).toEqual(['theme', 'theme_or_other']);
    expect(outcome?.models).toEqual([{ name: 'items', rows: 6 }]);
    expect(await select(`SELECT id, theme, theme_or_other FROM ${MODEL_SCHEMA}.items`)).toEqual(expected);
  });

  it('drops a column no longer derived and refills the others', async () => {
    await apply([THEME, THEME_OR_OTHER]);
    const renamed = derived('labelled', ['campaign'], 'upper(campaign)');
    expect((await apply([renamed]))?.applied.map((c) => c.column)).toEqual(['labelled']);
    const held = (await warehouse.listColumns(MODEL_SCHEMA, 'items')).map((c) => c.name);
    expect(held).toEqual([...MODEL.columns.map((c) => c.name), 'labelled']);
    expect((await select(`SELECT labelled FROM ${MODEL_SCHEMA}.items`)).map((r) => r.labelled)).toEqual([
      'BRAND',
      'BRAND',
      null,
      'GENERIC',
      null,
      `IT'S 50%`,
    ]);
  });

  it('keeps the table as it was when a column fails, and says which columns were refused', async () => {
    await apply([THEME]);
    const before = await select(`SELECT * FROM ${MODEL_SCHEMA}.items`);
    const broken = derived('broken', ['campaign'], 'CAST(campaign AS INTEGER)');
    const outcome = await apply([THEME, broken]);
    expect(outcome?.applied).toEqual([]);
    expect(outcome?.refused.map((r) => r.column)).toEqual(['theme', 'broken']);
    expect(await select(`SELECT * FROM ${MODEL_SCHEMA}.items`)).toEqual(before);
  });
});
