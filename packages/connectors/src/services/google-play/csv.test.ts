import { describe, expect, it } from 'vitest';
import { decodeText, parseCsv, sniffEncoding } from './csv';
import { installsRow, normalizeHeader, parseInstallsObject } from './reports';

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

describe('report decoding', () => {
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

  it('names report objects and maps columns by header, whatever the case', () => {
    expect(parseInstallsObject('stats/installs/installs_com.acme_beta_202501_overview.csv')).toEqual({
      name: 'stats/installs/installs_com.acme_beta_202501_overview.csv',
      packageName: 'com.acme_beta',
      month: '202501',
      dimension: 'overview',
    });
    expect(parseInstallsObject('stats/ratings/ratings_com.acme_202501_overview.csv')).toBeNull();
    const headers = [
      'Date',
      'Package name',
      'Daily User Installs',
      'Active Device Installs',
      'Something New',
    ].map(normalizeHeader);
    expect(installsRow(headers, ['2025-01-02', 'com.acme', '12', '', '9'], 'overview')).toMatchObject({
      date: '2025-01-02',
      package_name: 'com.acme',
      daily_user_installs: 12,
      active_device_installs: null,
      daily_device_installs: null,
    });
    expect(installsRow(headers, ['Total', 'com.acme', '12', '', ''], 'overview')).toBeNull();
  });
});
