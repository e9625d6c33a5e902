// Results are read column by column from DuckDB's values (duckdb-result.ts); every value must be
// what reading DuckDB's JSON form and converting it gives, the way every result was once read.
import { DuckDBInstance, DuckDBDecimalValue, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalNumber, materializedAnswer, readDuckDbResult } from './duckdb-result';
import { resultValueConverter } from './duckdb-types';

let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

/** Every type a report or a model reads, with its edge values and NULLs. */
const TYPES = `
SELECT * FROM (VALUES
  (true, 1::TINYINT, 2::SMALLINT, 3::INTEGER, 4::UINTEGER, 1.5::FLOAT, 0.1::DOUBLE, 'Google Ads',
   9007199254740991::BIGINT, 9007199254740993::BIGINT, 170141183460469231731687303715884105727::HUGEINT,
   18446744073709551615::UBIGINT, 12345.67::DECIMAL(18,2), -0.000000001::DECIMAL(18,9),
   123456789012345678901234567.891::DECIMAL(38,3), 1.5::DECIMAL(38,30), DATE '2026-11-21',
   TIMESTAMP '2026-11-21 10:00:00.123456', [1, 2], {'a': 1}, '{"k": [1]}'::JSON,
   'nan'::DOUBLE, 'inf'::DOUBLE, -0.0::DOUBLE, 0::DECIMAL(18,2), -9007199254740991::HUGEINT),
  (false, -1, -2, -3, 0, -1.5, -1e300, 'Meta Ads',
   -9007199254740991, -9007199254740993, -170141183460469231731687303715884105727,
   0, -12345.67, 0.000000001,
   -123456789012345678901234567.891, -1.5, DATE '1970-01-01',
   TIMESTAMP '1970-01-01 00:00:00', [], {'a': NULL}, 'null'::JSON,
   '-inf'::DOUBLE, 1e-300, 5e-324, -0.01, 0),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
   NULL, NULL, NULL,
   NULL, NULL, NULL,
   NULL, NULL, NULL,
   NULL, NULL, NULL, NULL,
   NULL, NULL, NULL, NULL, NULL)
) AS t(bool, tiny, small, int, uint, float, double, text,
       big, big_unsafe, huge, ubig, dec, dec_small, dec_wide, dec_scale30, day,
       ts, list, struct, json, nan, inf, neg_zero, dec_zero, huge_small)`;

/** The JSON form of each value, converted as the product converts it. */
async function throughJson(sql: string) {
  const reader = await conn.runAndReadAll(sql);
  const types = reader.columnTypes();
  const names = reader.deduplicatedColumnNames();
  return reader.getRowsJson().map((values) =>
    Object.fromEntries(
      names.map((name, c) => {
        const value = values[c] ?? null;
        const type = types[c];
        return [name, value === null || type === undefined ? null : resultValueConverter(type)(value)];
      }),
    ),
  );
}

describe('DuckDB results read column by column', () => {
  it('give every value of every type as its JSON form converted', async () => {
    const read = readDuckDbResult(await conn.runAndReadAll(TYPES), null);
    expect(read.rows).toEqual(await throughJson(TYPES));
    expect(read.truncated).toBe(false);
    const [first] = read.rows;
    expect(first).toMatchObject({
      big: 9007199254740991,
      big_unsafe: '9007199254740993',
      huge: '170141183460469231731687303715884105727',
      ubig: '18446744073709551615',
      dec: 12345.67,
      dec_small: -1e-9,
      dec_scale30: 1.5,
      day: '2026-11-21',
      ts: '2026-11-21T10:00:00.123456Z',
      text: 'Google Ads',
      huge_small: -9007199254740991,
    });
    expect(Number.isNaN(first?.nan)).toBe(true);
    expect(first?.inf).toBe(Infinity);
    expect(read.columns.map((c) => c.type)).toContain('decimal');
  });

  it('keep the first maxRows rows and say rows were left out', async () => {
    const sql = 'SELECT i, i * 1.25::DECIMAL(10,2) AS d FROM range(3000) t(i) ORDER BY i';
    const read = readDuckDbResult(await conn.runAndReadAll(sql), 2049);
    expect(read.rows).toHaveLength(2049);
    expect(read.truncated).toBe(true);
    expect(read.rows[2048]).toEqual({ i: 2048, d: 2560 });
    expect(readDuckDbResult(await conn.runAndReadAll(sql), 3000).truncated).toBe(false);
  });

  it('read a materialized answer, chunk by chunk, as its reader reads it', async () => {
    const typed = readDuckDbResult(materializedAnswer(await conn.run(TYPES)), null);
    expect(typed).toEqual(readDuckDbResult(await conn.runAndReadAll(TYPES), null));
    // Several chunks (2,048 rows each) in order, and an empty answer with its columns.
    const sql = 'SELECT i, i * 1.25::DECIMAL(10,2) AS d FROM range(5000) t(i) ORDER BY i';
    const many = readDuckDbResult(materializedAnswer(await conn.run(sql)), null);
    expect(many.rows).toHaveLength(5000);
    expect(many.rows[4999]).toEqual({ i: 4999, d: 6248.75 });
    expect(many).toEqual(readDuckDbResult(await conn.runAndReadAll(sql), null));
    const empty = readDuckDbResult(materializedAnswer(await conn.run('SELECT 1 AS one WHERE false')), null);
    expect(empty).toEqual({ columns: [{ name: 'one', type: 'integer' }], rows: [], truncated: false });
  });

  it('read a decimal as the number its text reads as', () => {
    const cases: [bigint, number][] = [
      [1234567n, 2],
      [-1n, 9],
      [9007199254740991n, 4],
      [9007199254740993n, 4], // beyond exact doubles: through its text
      [1n, 30], // beyond exact powers of ten: through its text
      [0n, 2],
      [-123n, 0],
    ];
    for (const [value, scale] of cases) {
      const decimal = new DuckDBDecimalValue(value, 38, scale);
      expect(decimalNumber(decimal)).toBe(Number(decimal.toString()));
    }
  });
});
