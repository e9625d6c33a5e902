// Edit Schema (spec 001 §2 sources/setup/custom-table/{tableName}/edit, §5 Custom table editor):
// PUT /custom_table/{tableId}/columns changes final names and types in place. Every rule of the
// editor is the server's too, and a refused change, a 4xx, leaves the definition and the
// warehouse's rows exactly as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import {
  ORDER_COLUMNS,
  column,
  customTablesApi,
  expectRefused,
  owner,
  warehouseRows,
  type CustomTablesApi,
} from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: CustomTablesApi;

const COLUMNS = [
  ...ORDER_COLUMNS,
  column('amount', 'String'),
  column('note', 'String'),
  column('Coupon Code', 'String'),
];
const FILE = [
  'order_id,user_id,created_at,amount,note,Coupon Code',
  'o-1,u-1,2024-03-01,10.5,,SPRING',
  'o-2,u-2,2024-03-02,7,gift,',
  'o-3,u-1,2024-03-03,x,,SPRING',
].join('\n');

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'custom-tables-edit@example.com');
  api = customTablesApi(t, admin, admin.organizationId);
  const uploaded = await api.upload('manual_orders', `${FILE}\n`, {
    columns: COLUMNS.map((c) => (c.columnName === 'Coupon Code' ? { ...c, alias: 'coupon_code' } : c)),
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
});
afterAll(() => t.close());

const rows = () => warehouseRows(t, admin.organizationId, 'custom__manual_orders');
const definition = async () => (await api.get('manual_orders')).body.columns as typeof COLUMNS;
/** The definition and the rows as they are: what a refused change must leave. */
const snapshot = async () => ({ columns: await definition(), rows: await rows() });
const edited = (changes: Record<string, Partial<(typeof COLUMNS)[number]>>) =>
  COLUMNS.map((c) => ({
    ...c,
    ...(c.columnName === 'Coupon Code' ? { alias: 'coupon_code' } : {}),
    ...changes[c.columnName],
  }));

describe('Edit Schema refuses, changing nothing', () => {
  it('duplicate final names: "Please remove duplicate column names"', async () => {
    const before = await snapshot();
    const answer = await api.updateColumns('manual_orders', edited({ note: { alias: 'amount' } }));
    expectRefused(answer, 'custom_table_invalid_columns', 'Please remove duplicate column names');
    expect(await snapshot()).toEqual(before);
  });

  it('a second primary key', async () => {
    const before = await snapshot();
    const answer = await api.updateColumns('manual_orders', edited({ note: { isPrimaryKey: true } }));
    expectRefused(answer, 'custom_table_invalid_columns', 'Only one column can be the primary key');
    expect(await snapshot()).toEqual(before);
  });

  it('a required column’s type or final name changed', async () => {
    const before = await snapshot();
    expectRefused(
      await api.updateColumns('manual_orders', edited({ created_at: { type: 'String' } })),
      'custom_table_invalid_columns',
      'created_at is a required column: its name and type (Date) cannot change',
    );
    expectRefused(
      await api.updateColumns('manual_orders', edited({ user_id: { alias: 'customer' } })),
      'custom_table_invalid_columns',
      /user_id is a required column/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('columns that are not the table’s CSV columns (one unmapped, one unknown)', async () => {
    const before = await snapshot();
    expectRefused(
      await api.updateColumns('manual_orders', edited({}).slice(0, -1)),
      'csv_schema_mismatch',
      'Current schema and CSV columns do not match',
    );
    expectRefused(
      await api.updateColumns('manual_orders', [...edited({}).slice(0, -1), column('coupon', 'String')]),
      'csv_schema_mismatch',
      'Current schema and CSV columns do not match',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('a type or key the rows cannot take: text as Numeric, a column with empty cells required', async () => {
    const before = await snapshot();
    expectRefused(
      await api.updateColumns('manual_orders', edited({ amount: { type: 'Numeric' } })),
      'custom_table_invalid_columns',
      'The table has values the new column types cannot hold; nothing was changed',
    );
    expectRefused(
      await api.updateColumns('manual_orders', edited({ note: { isRequired: true } })),
      'custom_table_invalid_columns',
      'The table has values the new column types cannot hold; nothing was changed',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('malformed bodies and tables no CSV fills with 422, a table without data with 404', async () => {
    const before = await snapshot();
    for (const columns of [
      [],
      edited({ note: { alias: 'Note' } }),
      edited({ note: { type: 'Text' as 'String' } }),
      'note',
    ]) {
      const answer = await api.updateColumns('manual_orders', columns);
      expect(answer.status, JSON.stringify(columns)).toBe(422);
    }
    // Manual expenses are the expenses module's: no custom table's id.
    expect((await api.updateColumns('manual_expenses', edited({}))).status).toBe(422);
    expect((await api.updateColumns('manual_users', edited({}))).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('Edit Schema saves', () => {
  it('renames in place: the rows keep their values under the new names', async () => {
    const answer = await api.updateColumns(
      'manual_orders',
      edited({ 'Coupon Code': { alias: 'coupon' }, note: { alias: 'gift_note' } }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.columns.map((c: { alias: string }) => c.alias)).toEqual([
      'order_id',
      'user_id',
      'created_at',
      'amount',
      'gift_note',
      'coupon',
    ]);
    expect(await rows()).toEqual([
      expect.objectContaining({ order_id: 'o-1', coupon: 'SPRING', gift_note: null, amount: '10.5' }),
      expect.objectContaining({ order_id: 'o-2', coupon: null, gift_note: 'gift', amount: '7' }),
      expect.objectContaining({ order_id: 'o-3', coupon: 'SPRING', gift_note: null, amount: 'x' }),
    ]);
    const model = await t.app.modelling.semanticModel(admin.organizationId, 'custom_tables');
    const dimensions = model?.tables[0]?.dimensions.map((d) => d.name);
    expect(dimensions).toEqual(expect.arrayContaining(['coupon', 'gift_note']));
    expect(dimensions).not.toContain('coupon_code');
  });
});
