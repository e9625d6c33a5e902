// Derived columns in a side table (decision 500), on DuckDB and on PostgreSQL: one row per
// distinct tuple of what the columns read, which the report compiler's LEFT JOIN gives every row
// of the table exactly as the per-row expression would, NULL keys included; the table's own rows
// are never written; a column no longer derived leaves the side table; a failure leaves the
// previous side table; new tuples get their label when the side table is applied again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MODEL_SCHEMA,
  modelTable,
  sideTableName,
  sourceFrom,
  type CanonicalModel,
  type SemanticTable,
} from '@maya/analytics';
import { openDuckDbWarehouse, openPostgresWarehouse, type Warehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDerivedColumns, derivedSelectOver, type DerivedColumn } from '../../src/modules/modelling';
import { createTestDatabase } from '../support/database';

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
  (DATE '2024-01-01', '4', NULL, NULL, 50), (DATE '2024-01-02', '5', 'it''s 50%', 'x', 60),
  (DATE '2024-01-02', '6', '', NULL, 70)
) AS v(day, id, campaign, ad_group, cost)`;
const NEW_ROW = `UNION ALL SELECT DATE '2024-01-03', '7', 'Brand', 'boots', 80`;

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
  `CASE WHEN campaign IS NULL AND ad_group IS NULL THEN CAST($1 AS TEXT) WHEN campaign = $2 THEN ad_group
    WHEN campaign = '' THEN 'empty' WHEN COALESCE(campaign, '') LIKE $3 THEN CAST($4 AS TEXT) END`,
  ['nothing', 'Brand', '%50%', `it's 50%`],
);
const THEME_OR_OTHER = derived('theme_or_other', ['theme'], 'COALESCE(theme, CAST($1 AS TEXT))', ['Other']);

/** The semantic table over `items` with its side table, as modelling's semantic model gives it. */
function reportTable(columns: string[], keys: string[]): SemanticTable {
  return {
    name: 'items',
    label: 'Items',
    source: { schema: MODEL_SCHEMA, table: 'items' },
    timeDimension: null,
    dimensions: columns.map((name) => ({
      name,
      label: name,
      type: 'string',
      sql: { column: name },
      grains: [],
    })),
    measures: [],
    sideTables: [
      { table: sideTableName('items'), keys: keys.map((column) => ({ column, type: 'string' })), columns },
    ],
  };
}

describe.each(['duckdb', 'postgres'] as const)('derived columns in a side table on %s', (engine) => {
  let dir: string;
  let warehouse: Warehouse;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'maya-side-tables-'));
    warehouse =
      engine === 'duckdb'
        ? await openDuckDbWarehouse({ file: join(dir, 'w.duckdb') })
        : await openPostgresWarehouse({ connectionString: await createTestDatabase() });
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
  /** What reports read: the table joined to its side table by the report compiler. */
  const reported = (columns: string[], keys = ['campaign', 'ad_group']) =>
    select(
      `SELECT id, day, cost, ${columns.join(', ')} FROM ${sourceFrom(engine, reportTable(columns, keys), columns)}`,
    );
  const perRow = (columns: DerivedColumn[]) => {
    const own = `SELECT * FROM ${MODEL_SCHEMA}.items`;
    const expression = derivedSelectOver(engine, own, columns);
    const names = columns.map((c) => c.column).join(', ');
    return select(`SELECT id, day, cost, ${names} FROM (${expression.sql}) AS r`, expression.params);
  };

  it('gives every row what the per-row expression gives, and writes none of its rows', async () => {
    const before = await select(`SELECT * FROM ${MODEL_SCHEMA}.items`);
    const outcome = await apply([THEME, THEME_OR_OTHER]);
    expect(outcome?.refused).toEqual([]);
    expect(outcome?.applied).toEqual([
      { table: 'items', column: 'theme', label: 'theme', keys: ['campaign', 'ad_group'] },
      { table: 'items', column: 'theme_or_other', label: 'theme_or_other', keys: ['campaign', 'ad_group'] },
    ]);
    // One row per distinct (campaign, ad group), NULLs included: six of the seven rows.
    expect(outcome?.models).toEqual([{ name: 'items', rows: 6 }]);
    const expected = await perRow([THEME, THEME_OR_OTHER]);
    expect(expected.map((r) => r.theme)).toEqual([
      'shoes',
      'shoes',
      null,
      null,
      'nothing',
      `it's 50%`,
      'empty',
    ]);
    expect(await reported(['theme', 'theme_or_other'])).toEqual(expected);
    expect(await select(`SELECT * FROM ${MODEL_SCHEMA}.items`)).toEqual(before);
    const own = (await warehouse.listColumns(MODEL_SCHEMA, 'items')).map((c) => c.name);
    expect(own).toEqual(MODEL.columns.map((c) => c.name));
  });

  it('replaces the side table when the columns change, and drops it when none is left', async () => {
    await apply([THEME, THEME_OR_OTHER]);
    const labelled = derived('labelled', ['campaign'], 'upper(campaign)');
    const outcome = await apply([labelled]);
    expect(outcome?.applied.map((c) => c.column)).toEqual(['labelled']);
    const held = (await warehouse.listColumns(MODEL_SCHEMA, sideTableName('items'))).map((c) => c.name);
    expect(held).toEqual(['maya_row', 'campaign', 'labelled']);
    const rows = await reported(['labelled'], ['campaign']);
    expect(rows.map((r) => r.labelled)).toEqual(['BRAND', 'BRAND', null, 'GENERIC', null, `IT'S 50%`, '']);

    expect(await apply([])).toEqual({
      models: [{ name: 'items', rows: 0 }],
      applied: [],
      refused: [],
      error: null,
    });
    expect(await warehouse.listTables(MODEL_SCHEMA)).toEqual(['items']);
  });

  it('keeps the previous side table when a column fails, and says which columns were refused', async () => {
    await apply([THEME]);
    const before = await reported(['theme']);
    const broken = derived('broken', ['campaign'], 'CAST(campaign AS INTEGER)');
    const outcome = await apply([THEME, broken]);
    expect(outcome?.applied).toEqual([]);
    expect(outcome?.models).toEqual([]);
    expect(outcome?.refused.map((r) => r.column)).toEqual(['theme', 'broken']);
    expect(await reported(['theme'])).toEqual(before);
  });

  it('labels a tuple new to the table when applied again (a load rebuilt it)', async () => {
    await apply([THEME]);
    await warehouse.materialize(MODEL_SCHEMA, modelTable(MODEL), `${ROWS} ${NEW_ROW}`);
    // Before the side table is applied again, the new tuple reads NULL ("(none)").
    expect((await reported(['theme'])).at(-1)).toMatchObject({ id: '7', theme: null });
    await apply([THEME]);
    expect((await reported(['theme'])).at(-1)).toMatchObject({ id: '7', theme: 'boots' });
    expect(await reported(['theme'])).toEqual(await perRow([THEME]));
  });

  it('leaves a table that carries derived columns itself (decision 400) to a full build', async () => {
    const legacy = {
      ...modelTable(MODEL),
      columns: [...modelTable(MODEL).columns, { name: 'theme', type: 'string' as const, nullable: true }],
    };
    await warehouse.materialize(MODEL_SCHEMA, legacy, `SELECT r.*, NULL AS theme FROM (${ROWS}) AS r`);
    expect(await apply([THEME])).toBeNull();
    await warehouse.materialize(MODEL_SCHEMA, modelTable(MODEL), ROWS);
  });
});
