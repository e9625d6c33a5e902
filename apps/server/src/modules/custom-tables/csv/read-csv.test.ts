// The CSV reader on bytes cut anywhere: a quote, a CRLF, a UTF-8 character, a UTF-16 code unit or
// the byte-order mark split between chunks reads as the whole file does; rows come out as text
// batches (read back with the warehouse's own reader of them), numbered by their line.
import { describe, expect, it } from 'vitest';
import type { CustomColumnType, CustomTableColumn } from '@maya/contracts';
import { textBatchRows } from '@maya/warehouse';
import { readCsv, type ReadCsvOptions } from './read-csv';

const column = (name: string, type: CustomColumnType = 'String', isRequired = false): CustomTableColumn => ({
  columnName: name,
  alias: name,
  type,
  isRequired,
  isPrimaryKey: false,
});

const COLUMNS = [
  column('id', 'String', true),
  column('day', 'Date'),
  column('amount', 'Numeric'),
  column('note'),
];

async function* pieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(bytes: Buffer, size = bytes.length || 1, options: Partial<ReadCsvOptions> = {}) {
  const { rows, ...rest } = await readAll(bytes, size, options);
  return { rows: rows.filter((row) => !String(row.id).startsWith('f-')), ...rest };
}

async function readAll(bytes: Buffer, size: number, options: Partial<ReadCsvOptions>) {
  const reading = await readCsv(pieces(bytes, size), { plan: () => COLUMNS, ...options });
  const rows: Record<string, unknown>[] = [];
  const layout = { columns: COLUMNS.map((c) => c.alias), delimiter: reading.delimiter, numberColumn: 'line' };
  for await (const batch of textBatchRows(reading.batches, layout)) rows.push(...batch);
  return { rows, encoding: reading.encoding, delimiter: reading.delimiter };
}

/** Rows enough to pass the decoder's first 64 KiB (read whole to pick the encoding): the rows after them arrive cut. */
const FILLER = Array.from({ length: 800 }, (_, i) => `f-${i},2024-01-01,1,${'filler '.repeat(12)}\r\n`).join(
  '',
);
const FILLED = 800;

const FILE =
  'id,day,amount,note\r\n' +
  FILLER +
  'a-1,2024-03-01,10.50,"two\r\nlines, ""quoted"""\r\n' +
  'a-2,02/03/2024,+7,=SUM(A1:A2)\r\n' +
  '\r\n' +
  'a-3,2024-03-03T10:15:00Z, -3.25 ,Zürich ✓ 😀\r\n' +
  'a-4,,,\x1bescape\r' +
  'a-5,2024-02-29,0,""\n' +
  'a-7,2024-01-02,1,x\x1bdone\n' +
  'a-6,2024-12-31,123456789.123456789,last without a line break';

const EXPECTED = [
  { id: 'a-1', day: '2024-03-01', amount: '10.50', note: 'two\r\nlines, "quoted"', line: FILLED + 3 },
  { id: 'a-2', day: '2024-03-02', amount: '7', note: '=SUM(A1:A2)', line: FILLED + 4 },
  { id: 'a-3', day: '2024-03-03', amount: '-3.25', note: 'Zürich ✓ 😀', line: FILLED + 6 },
  { id: 'a-4', day: null, amount: null, note: '\x1bescape', line: FILLED + 7 },
  { id: 'a-5', day: '2024-02-29', amount: '0', note: null, line: FILLED + 8 },
  { id: 'a-7', day: '2024-01-02', amount: '1', note: 'x\x1bdone', line: FILLED + 9 },
  {
    id: 'a-6',
    day: '2024-12-31',
    amount: '123456789.123456789',
    note: 'last without a line break',
    line: FILLED + 10,
  },
];

describe('readCsv', () => {
  it('reads the same rows however the bytes are cut (quotes, CRLF, UTF-8 characters across chunks)', async () => {
    const bytes = Buffer.from(FILE);
    for (const size of [1, 2, 3, 5, 7, 11, 64, 4096, bytes.length]) {
      expect((await read(bytes, size)).rows, `chunks of ${size}`).toEqual(EXPECTED);
    }
  });

  it('reads UTF-8 with a byte-order mark, and UTF-16 LE and BE with code units cut between chunks', async () => {
    const text = FILE.replace('\x1bescape', 'plain').replace('x\x1bdone', 'x done');
    const expected = EXPECTED.map((row) =>
      row.id === 'a-4' ? { ...row, note: 'plain' } : row.id === 'a-7' ? { ...row, note: 'x done' } : row,
    );
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    for (const [bytes, encoding] of [
      [utf16le, 'utf-16le'],
      [utf16be, 'utf-16be'],
      [bom, 'utf-8'],
    ] as const) {
      for (const size of [3, 7, 1000]) {
        const got = await read(bytes, size);
        expect(got.encoding).toBe(encoding);
        expect(got.rows, `${encoding} in chunks of ${size}`).toEqual(expected);
      }
    }
  });

  it('numbers rows across batches, consecutive or not, with a semicolon and decimal commas', async () => {
    const lines = ['id;day;amount;note'];
    for (let i = 0; i < 300; i++)
      lines.push(i % 50 === 7 ? `r${i};2024-01-01;1,5;"x\ny"` : `r${i};;${i};n${i}`);
    const { rows, delimiter } = await read(Buffer.from(lines.join('\n')), 100, { batchBytes: 256 });
    expect(delimiter).toBe(';');
    expect(rows).toHaveLength(300);
    let line = 2;
    for (const [i, row] of rows.entries()) {
      expect(row).toEqual(
        i % 50 === 7
          ? { id: `r${i}`, day: '2024-01-01', amount: '1.5', note: 'x\ny', line: line + 1 }
          : { id: `r${i}`, day: null, amount: String(i), note: `n${i}`, line },
      );
      line += i % 50 === 7 ? 2 : 1;
    }
  });

  it('refuses bad rows with their lines, counting line breaks inside quoted values', async () => {
    const bytes = Buffer.from(
      'id,day,amount,note\nb-1,2024-13-01,1,"a\nb"\nb-2,2024-01-01,x\n,2024-01-01,2,c\n',
    );
    await expect(read(bytes, 4)).rejects.toMatchObject({
      type: 'csv_invalid_rows',
      extra: {
        errors: [
          { line: 3, message: "Line 3: day: '2024-13-01' is not a date (YYYY-MM-DD or DD/MM/YYYY)" },
          { line: 4, message: 'Line 4 has 3 values; the header has 4' },
          { line: 5, message: 'Line 5: id is empty' },
        ],
      },
    });
  });

  it('refuses an unclosed quote at the line it opens, and a closing quote followed by text', async () => {
    await expect(read(Buffer.from('id,day,amount,note\nc-1,,,"open\n\nc-2,,,x\n'), 3)).rejects.toMatchObject({
      type: 'csv_malformed',
      extra: { message: 'The file is not valid CSV at line 2: a quoted value is never closed' },
    });
    await expect(read(Buffer.from('id,day,amount,note\nc-1,,,"a"b\n'), 5)).rejects.toMatchObject({
      type: 'csv_malformed',
      extra: { line: 2 },
    });
  });

  it('refuses invalid UTF-8 and NUL characters in a later chunk at their lines', async () => {
    const good = 'd-1,2024-03-01,1,' + 'x'.repeat(80) + '\n';
    const head = Buffer.from('id,day,amount,note\n' + good.repeat(1000));
    const cut = Buffer.concat([head, Buffer.from('d-2,,,'), Buffer.from([0xe2, 0x82])]);
    await expect(read(cut, 1000)).rejects.toMatchObject({
      type: 'csv_bad_encoding',
      extra: { line: 1002 },
    });
    const nul = Buffer.concat([head, Buffer.from('d-2,,,\n,\u0000\n')]);
    await expect(read(nul, 999)).rejects.toMatchObject({
      type: 'csv_bad_encoding',
      extra: { line: 1003 },
    });
  });
});
