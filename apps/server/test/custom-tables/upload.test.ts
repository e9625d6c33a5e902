// CSV uploads into custom tables through HTTP on a real PostgreSQL and DuckDB warehouse: the
// spec's messages (spec 001 §5), encodings, delimiters, and malformed files (bad encoding,
// ragged rows, unbalanced quotes, a header alone, a stream cut half-way), each refused with a
// clear error and the table exactly as it was.
import { randomUUID } from 'node:crypto';
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

const ORDERS =
  'order_id,user_id,created_at,revenue,note\n' +
  'o-1,u-1,2024-03-01,10.50,=HYPERLINK("http://x")\n' +
  'o-2,u-2,02/03/2024,7,+plain\n' +
  'o-3,u-1,2024-03-03T10:15:00Z,-3.25,"a, quoted ""note"""\n';

const ordersColumns = [...ORDER_COLUMNS, column('revenue', 'Numeric'), column('note', 'String')];

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'custom-tables@example.com');
  api = customTablesApi(t, admin, admin.organizationId);
});
afterAll(() => t.close());

const orders = () => warehouseRows(t, admin.organizationId, 'custom__manual_orders');

describe('a first upload', () => {
  it('refuses a header without a required column in the spec’s words, creating nothing', async () => {
    const answer = await api.upload('manual_orders', 'user_id,created_at\nu-1,2024-03-01\n');
    expectRefused(answer, 'csv_missing_columns', 'Could not find order_id column');
    expect(answer.body.detail.columns).toEqual(['order_id']);
    expect((await api.list()).body.tables).toEqual([]);
    expect(await orders()).toBeNull();
  });

  it('refuses a file that is not CSV by its type', async () => {
    const answer = await api.upload('manual_orders', 'PK\u0003\u0004', {
      fileName: 'orders.xlsx',
      type: 'application/zip',
    });
    expectRefused(answer, 'csv_not_csv', 'Not a valid .csv file. Please select a valid .csv file');
  });

  it('refuses an empty file and a header alone', async () => {
    expectRefused(
      await api.upload('manual_orders', ''),
      'csv_no_columns',
      'Please upload a CSV file with columns',
    );
    expectRefused(
      await api.upload('manual_orders', 'order_id,user_id,created_at\n', {
        columns: ordersColumns.slice(0, 3),
      }),
      'csv_no_rows',
      'The file has a header and no rows',
    );
    expect(await orders()).toBeNull();
  });

  it('loads a good file: typed values, formula-like cells kept as data, the definition saved', async () => {
    const answer = await api.upload('manual_orders', ORDERS, { columns: ordersColumns });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      detail: 'Success',
      rows: 3,
      encoding: 'utf-8',
      delimiter: ',',
    });
    expect(answer.body.table).toMatchObject({
      table_id: 'manual_orders',
      name: 'Manual Orders',
      row_count: 3,
      file_name: 'orders.csv',
    });
    expect(await orders()).toEqual([
      {
        order_id: 'o-1',
        user_id: 'u-1',
        created_at: '2024-03-01',
        revenue: 10.5,
        note: '=HYPERLINK("http://x")',
      },
      { order_id: 'o-2', user_id: 'u-2', created_at: '2024-03-02', revenue: 7, note: '+plain' },
      { order_id: 'o-3', user_id: 'u-1', created_at: '2024-03-03', revenue: -3.25, note: 'a, quoted "note"' },
    ]);
    const model = await t.app.modelling.semanticModel(admin.organizationId, 'custom_tables');
    expect(model?.tables.map((table) => table.name)).toEqual(['manual_orders']);
  });
});

describe('a replacement that must change nothing', () => {
  const before = async () => orders();

  it('refuses other columns: "Current schema and CSV columns do not match"', async () => {
    const rows = await before();
    const answer = await api.upload(
      'manual_orders',
      'order_id,user_id,created_at,revenue\no-9,u-9,2024-01-01,1\n',
    );
    expectRefused(answer, 'csv_schema_mismatch', 'Current schema and CSV columns do not match');
    expect(await orders()).toEqual(rows);
  });

  it('refuses ragged rows and bad values, listing the first 20 with their lines', async () => {
    const rows = await before();
    const lines = [
      'order_id,user_id,created_at,revenue,note',
      'o-1,u-1,2024-03-01,1,a',
      'o-2,u-2,2024-03-01,1',
    ];
    for (let i = 0; i < 30; i++) lines.push(`o-${i + 10},u,2024-02-30,x${i},n`);
    const answer = await api.upload('manual_orders', `${lines.join('\n')}\n`);
    expectRefused(
      answer,
      'csv_invalid_rows',
      'The file has more than 20 errors (the first 20 are listed). Line 3 has 4 values; the header has 5',
    );
    expect(answer.body.detail.errors).toHaveLength(20);
    expect(answer.body.detail.errors.slice(0, 3)).toEqual([
      { line: 3, message: 'Line 3 has 4 values; the header has 5' },
      { line: 4, message: "Line 4: created_at: '2024-02-30' is not a date (YYYY-MM-DD or DD/MM/YYYY)" },
      {
        line: 4,
        message: "Line 4: revenue: 'x0' is not a number (up to 9 digits before and after the point)",
      },
    ]);
    expect(await orders()).toEqual(rows);
  });

  it('refuses an unbalanced quote at its line', async () => {
    const rows = await before();
    const answer = await api.upload(
      'manual_orders',
      'order_id,user_id,created_at,revenue,note\no-1,u-1,2024-03-01,1,"open\no-2,u-2,2024-03-01,1,b\n',
    );
    expectRefused(
      answer,
      'csv_malformed',
      /^The file is not valid CSV at line \d+: a quoted value is never closed$/,
    );
    expect(await orders()).toEqual(rows);
  });

  it('refuses bytes that are not text: invalid UTF-8 after the first 64 KiB, NUL characters', async () => {
    const rows = await before();
    const good = 'o-1,u-1,2024-03-01,1,' + 'x'.repeat(80) + '\n';
    const head = Buffer.from('order_id,user_id,created_at,revenue,note\n' + good.repeat(1000));
    const bad = Buffer.concat([head, Buffer.from([0x6f, 0x2c, 0xc3, 0x28, 0x0a])]);
    expectRefused(
      await api.upload('manual_orders', bad),
      'csv_bad_encoding',
      /^The file is not valid UTF-8 text at line 1002\./,
    );
    const utf16NoMark = Buffer.from('order_id,user_id,created_at,revenue,note\n', 'utf16le');
    expectRefused(
      await api.upload('manual_orders', utf16NoMark),
      'csv_bad_encoding',
      /NUL character at line 1/,
    );
    expect(await orders()).toEqual(rows);
  });

  it(
    'keeps the table when the connection drops half-way through a large file',
    { timeout: 180_000 },
    async () => {
      const rows = await before();
      const uploadId = randomUUID();
      const line = Buffer.from('o-1,u-1,2024-03-01,1,' + 'y'.repeat(200) + '\n');
      const chunk = Buffer.concat(Array<Buffer>(4000).fill(line));
      // A 1 GiB upload announced, about 35 MB sent, then the connection dropped.
      await api.cutUpload('manual_orders', uploadId, chunk, 40, 1024 ** 3);
      await expect
        .poll(async () => (await api.progress('manual_orders', uploadId)).body?.phase as unknown, {
          timeout: 120_000,
        })
        .toBe('failed');
      expect(await orders()).toEqual(rows);
      const tables = await t.app.modelling.withWarehouse(admin.organizationId, (w) => w.listTables('raw'));
      expect(tables.filter((name) => name.includes('manual_orders'))).toEqual(['custom__manual_orders']);
    },
  );
});

describe('a primary key given twice', () => {
  const termColumns = [
    column('query', 'String', { required: true, key: true }),
    column('category', 'String', { required: true }),
    column('clicks', 'Numeric'),
  ];
  const terms = () => warehouseRows(t, admin.organizationId, 'custom__manual_search_term');

  it('keeps the last row of a repeated key (decision 367) and counts the rows kept', async () => {
    const file = 'query,category,clicks\nshoes,a,1\nboots,b,2\nshoes,c,3\n';
    const answer = await api.upload('manual_search_term', file, { columns: termColumns });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ rows: 2, table: { row_count: 2 } });
    expect(await terms()).toEqual([
      { query: 'boots', category: 'b', clicks: 2 },
      { query: 'shoes', category: 'c', clicks: 3 },
    ]);
  });

  it('leaves the table unchanged when a file with a repeated key is refused', async () => {
    const rows = await terms();
    const file = 'query,category,clicks\nhats,a,1\nhats,b,2\nsocks,,3\n';
    expectRefused(
      await api.upload('manual_search_term', file),
      'csv_invalid_rows',
      /^The file has 1 error\. Line 4: category/,
    );
    expect(await terms()).toEqual(rows);
    expect((await api.get('manual_search_term')).body.row_count).toBe(2);
  });
});

describe('encodings and delimiters', () => {
  const users = (tableFile: Buffer) => api.upload('manual_users', tableFile);
  const usersRows = () => warehouseRows(t, admin.organizationId, 'custom__manual_users');

  it('reads UTF-8 with a byte-order mark, UTF-16 LE and BE by their marks, and Windows-1252', async () => {
    const text = 'user_id;created_at;city\nu-1;2024-03-01;Zürich\n';
    const expected = [{ user_id: 'u-1', created_at: '2024-03-01', city: 'Zürich', _line: 2 }];
    const cases: [Buffer, string][] = [
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'utf-8'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'utf-16le'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]), 'utf-16be'],
      [Buffer.from(text, 'latin1'), 'windows-1252'],
    ];
    for (const [file, encoding] of cases) {
      const answer = await users(file);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ encoding, delimiter: ';', rows: 1 });
      expect(await usersRows()).toEqual(expected);
    }
  });

  it('deletes a table and its rows', async () => {
    expect((await api.remove('manual_users')).status).toBe(200);
    expect(await usersRows()).toBeNull();
    expect((await api.get('manual_users')).status).toBe(404);
  });
});
