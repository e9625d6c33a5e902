import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import type { Row } from '../../core/types';
import { reportMoneyToMicros } from './api';
import { reportRows } from './report-file';
import { REPORTS } from './reports';
import { zipOne } from './sandbox-zip';

const searchTerms = REPORTS.find((r) => r.stream === 'search_terms')!;

/** The bytes in pieces of `size`, as a download arrives. */
async function* pieces(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function read(bytes: Buffer, size = 7): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of reportRows(pieces(bytes, size), searchTerms)) rows.push(...batch);
  return rows;
}

const COLUMNS = searchTerms.columns.map((c) => `"${c}"`).join(',');
const ROW_A =
  '"2025-06-01","180246731","41","4100","hiking boots, ""waterproof""","Phrase","12","3","1.29","0.50","40.10","USD"';
const ROW_B =
  '"2025-06-01","180246731","41","4100","tent\nfor two","Exact","4","0","0.00","0.00","0.00","USD"';

function file(rows: string[], options: { announced?: number; footer?: boolean } = {}): string {
  const header = [
    '\uFEFF"Report Name: Maya search_terms"',
    '"Report Time: 6/1/2025 - 6/1/2025"',
    '"Potential Incomplete Data: true"',
    `"Rows: ${options.announced ?? rows.length}"`,
    '',
  ];
  const footer = options.footer === false ? [] : ['', '"©2025 Microsoft Corporation. All rights reserved. "'];
  return [...header, COLUMNS, ...rows, ...footer, ''].join('\r\n');
}

describe('report files', () => {
  it('reads a zipped report through its header block and footer, quotes and newlines included', async () => {
    const zipped = zipOne('report.csv', Buffer.from(file([ROW_A, ROW_B])));
    for (const size of [1, 7, 64, 100_000]) {
      const rows = await read(zipped, size);
      expect(rows).toEqual([
        {
          date: '2025-06-01',
          account_id: '180246731',
          campaign_id: '41',
          ad_group_id: '4100',
          search_term: 'hiking boots, "waterproof"',
          match_type: 'Phrase',
          impressions: 12,
          clicks: 3,
          cost_micros: 1_290_000,
          conversions: 0.5,
          conversions_value: 40.1,
          currency: 'USD',
        },
        expect.objectContaining({ search_term: 'tent\nfor two', impressions: 4, cost_micros: 0 }),
      ]);
    }
  });

  it('reads a plain CSV download as well', async () => {
    expect(await read(Buffer.from(file([ROW_A]), 'utf8'))).toHaveLength(1);
  });

  it('refuses a cut-off download and a line that fits nowhere', async () => {
    const short = await read(Buffer.from(file([ROW_A], { announced: 2 }))).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(ProviderError);
    expect(short).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('1 of 2 rows') });
    const odd = await read(Buffer.from(file([ROW_A, '"2025-06-01","only two"']))).catch((e: unknown) => e);
    expect(odd).toMatchObject({ kind: 'provider', message: expect.stringContaining('2 fields where 12') });
  });

  it('turns decimal money into exact micros', () => {
    expect(reportMoneyToMicros('8.03')).toBe(8_030_000);
    expect(Number('8.03') * 1_000_000).not.toBe(8_030_000);
    expect(reportMoneyToMicros('1,234.56')).toBe(1_234_560_000);
    expect(reportMoneyToMicros('-3.5')).toBe(-3_500_000);
    expect(reportMoneyToMicros('--')).toBe(0);
    expect(reportMoneyToMicros('12.3.4')).toBeNull();
  });
});
