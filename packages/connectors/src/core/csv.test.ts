import { describe, expect, it } from 'vitest';
import { decodeText, parseCsv, sniffEncoding } from './csv';

async function* from<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
/** The bytes cut into chunks of `size`: odd sizes split UTF-16 code units and surrogate pairs. */
function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

describe('CSV reading', () => {
  const text =
    'Date,Package Name,Country\r\n2025-01-01,"com.acme, ""beta""",GR\n2025-01-02,com.acme,Ελλάδα 🏔\n';

  it('decodes UTF-16LE with a BOM across any chunk boundary, and UTF-8', async () => {
    const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le');
    expect(sniffEncoding(utf16)).toBe('utf-16le');
    for (const size of [1, 2, 3, 5, 7, 64, utf16.length]) {
      expect((await all(decodeText(from(chunked(utf16, size))))).join('')).toBe(text);
    }
    const utf8 = Buffer.from(`\ufeff${text}`, 'utf8');
    expect(sniffEncoding(utf8)).toBe('utf-8');
    expect((await all(decodeText(from(chunked(utf8, 3))))).join('')).toBe(text);
    expect(sniffEncoding(Buffer.from('Date', 'utf16le'))).toBe('utf-16le');
    expect(await all(decodeText(from([new Uint8Array([0x41])])))).toEqual(['A']);
  });

  it('parses quoted fields, doubled quotes and CRLF split anywhere', async () => {
    const expected = [
      ['Date', 'Package Name', 'Country'],
      ['2025-01-01', 'com.acme, "beta"', 'GR'],
      ['2025-01-02', 'com.acme', 'Ελλάδα 🏔'],
    ];
    for (let size = 1; size <= text.length; size += 3) {
      const pieces: string[] = [];
      for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
      expect(await all(parseCsv(from(pieces)))).toEqual(expected);
    }
    expect(await all(parseCsv(from(['a,"multi\nline",c\n\n', 'last,,'])))).toEqual([
      ['a', 'multi\nline', 'c'],
      ['last', '', ''],
    ]);
  });

  it('splits records across pieces, a doubled quote at a piece boundary included', async () => {
    const pieces = ['"a","b"', '"c"\r\nplain,', 'last\n', '"x"'];
    expect(await all(parseCsv(from(pieces)))).toEqual([['a', 'b"c'], ['plain', 'last'], ['x']]);
    expect(await all(parseCsv(from(['one\rtwo\r\n', 'three'])))).toEqual([['one'], ['two'], ['three']]);
  });

  it('refuses a text that ends inside a quoted field', async () => {
    await expect(all(parseCsv(from(['a,"cut off\n'])))).rejects.toThrow('ends inside a quoted field');
  });
});
