// Text batches into a DuckDB staged twin: values split and cast by the engine, escapes undone,
// rows numbered consecutively or by a list, constants, and a failure that leaves nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagedTableName } from '../identifiers';
import { textBatchRows, type TextBatch, type TextLayout } from '../text-batches';
import type { TableSchema, Warehouse } from '../warehouse';
import { duckDbFileFor } from './duckdb-instance';
import { openDuckDbWarehouse } from './duckdb-warehouse';

const orders: TableSchema = {
  name: 'orders',
  primaryKey: ['line'],
  columns: [
    { name: 'id', type: 'string', nullable: false },
    { name: 'day', type: 'date', nullable: true },
    { name: 'amount', type: 'decimal', nullable: true },
    { name: 'note', type: 'string', nullable: true },
    { name: 'currency', type: 'string', nullable: true },
    { name: 'clicks', type: 'decimal', nullable: true },
    { name: 'line', type: 'bigint', nullable: false },
  ],
};
const layout: TextLayout = {
  columns: ['id', 'day', 'amount', 'note'],
  delimiter: ';',
  constants: { currency: 'EUR', clicks: null },
  numberColumn: 'line',
};
const text = (value: string) => Buffer.from(value);
const BATCHES: TextBatch[] = [
  { text: text('a;2024-03-01;10.50;plain\r\nb;;;\n'), rows: 2, escaped: false, numbers: 2 },
  {
    text: text('c;2024-03-02;-3.25;semi\x1bd colon\x1bnnew line\x1bre\x1be\nd;;7;=SUM(A1)\n'),
    rows: 2,
    escaped: true,
    numbers: [5, 9],
  },
];
const EXPECTED = [
  { id: 'a', day: '2024-03-01', amount: 10.5, note: 'plain', currency: 'EUR', clicks: null, line: 2 },
  { id: 'b', day: null, amount: null, note: null, currency: 'EUR', clicks: null, line: 3 },
  {
    id: 'c',
    day: '2024-03-02',
    amount: -3.25,
    note: 'semi; colon\nnew line\re\x1b',
    currency: 'EUR',
    clicks: null,
    line: 5,
  },
  { id: 'd', day: null, amount: 7, note: '=SUM(A1)', currency: 'EUR', clicks: null, line: 9 },
];

let dataDir: string;
let wh: Warehouse;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'maya-text-load-'));
  wh = await openDuckDbWarehouse({ file: duckDbFileFor(dataDir, randomUUID()) });
  await wh.ensureSchema('raw');
});
afterAll(async () => {
  await wh.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const twinRows = async () =>
  (await wh.query(`SELECT * FROM raw.${stagedTableName('orders')} ORDER BY line`, [], { timeoutMs: 10_000 }))
    .rows;

describe('DuckDB text loads', () => {
  it('splits, unescapes, casts and numbers the rows in the engine, as the rows reader reads them', async () => {
    await wh.createTable('raw', orders);
    expect(await wh.loadText('raw', 'orders', BATCHES, layout, { staging: true })).toEqual({ rows: 4 });
    expect(await twinRows()).toEqual(EXPECTED);
    const read = [];
    for await (const rows of textBatchRows(BATCHES, layout)) read.push(...rows);
    expect(read.map((row) => ({ ...row, amount: row.amount === null ? null : Number(row.amount) }))).toEqual(
      EXPECTED,
    );
    await wh.swap('raw', stagedTableName('orders'), 'orders');
  });

  it('leaves no twin and the live table as it was when a value cannot be cast', async () => {
    await wh.dropTable('raw', stagedTableName('orders'));
    const bad = [
      ...BATCHES.slice(0, 1),
      { text: text('e;2024-02-30;1;x\n'), rows: 1, escaped: false, numbers: 20 },
    ];
    await expect(wh.loadText('raw', 'orders', bad, layout, { staging: true })).rejects.toMatchObject({
      type: 'schema_mismatch',
    });
    expect(await wh.listTables('raw')).not.toContain(stagedTableName('orders'));
    const live = await wh.query('SELECT count(*) AS n FROM raw.orders', [], { timeoutMs: 10_000 });
    expect(live.rows).toEqual([{ n: 4 }]);
  });
});
