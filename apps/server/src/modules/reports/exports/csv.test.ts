import type { ReportColumn, ReportQueryResponse } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { allPages, answerCsv } from './csv';

const column = (name: string, label: string, over: Partial<ReportColumn> = {}): ReportColumn => ({
  name,
  label,
  role: 'dimension',
  type: 'string',
  format: null,
  grain: null,
  ...over,
});

const COLUMNS = [
  column('campaign', 'Campaign'),
  column('spend', 'Spend', { role: 'measure', type: 'number', format: 'currency' }),
  column('ctr', 'CTR', { role: 'measure', type: 'number', format: 'percent' }),
];

const answer = (rows: ReportQueryResponse['rows'], truncated = false): ReportQueryResponse => ({
  columns: COLUMNS,
  rows,
  truncated,
  sampled: false,
  totals: null,
  comparison: null,
});

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('a visual as CSV', () => {
  it('writes a header of labels (amounts named in the currency) and the rows as they are', () => {
    const csv = answerCsv([answer([{ campaign: 'Brand', spend: 1234.5, ctr: 0.05 }])], 'EUR');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual(['Campaign,Spend (EUR),CTR', 'Brand,1234.5,0.05', '']);
  });

  it('neutralizes text a spreadsheet would run as a formula, and quotes what needs it', () => {
    const rows = [
      { campaign: '=HYPERLINK("http://evil","x")', spend: 1, ctr: null },
      { campaign: '+SUM(A1)', spend: 2, ctr: null },
      { campaign: '-2+3', spend: 3, ctr: null },
      { campaign: '@cmd', spend: 4, ctr: null },
      { campaign: '\tTab', spend: 5, ctr: null },
      { campaign: '\rReturn', spend: 6, ctr: null },
      { campaign: 'Summer, "sale"', spend: 7, ctr: null },
    ];
    expect(lines(answerCsv([answer(rows)], 'USD')).slice(1, 8)).toEqual([
      `"'=HYPERLINK(""http://evil"",""x"")",1,`,
      "'+SUM(A1),2,",
      "'-2+3,3,",
      "'@cmd,4,",
      "'\tTab,5,",
      `"'\rReturn",6,`,
      '"Summer, ""sale""",7,',
    ]);
  });

  it('keeps numbers as numbers (a negative amount is no formula) and leaves blanks empty', () => {
    const csv = answerCsv([answer([{ campaign: null, spend: -12.5, ctr: Number.NaN }])], 'USD');
    expect(lines(csv)[1]).toBe(',-12.5,');
  });

  it('neutralizes a header too', () => {
    const csv = answerCsv([{ ...answer([]), columns: [column('x', '=cmd|calc')] }], 'USD');
    expect(lines(csv)[0]).toBe("'=cmd|calc");
  });

  it("writes every page of a table's rows, in order", async () => {
    const asked: number[] = [];
    const pages = await allPages(async (offset) => {
      asked.push(offset);
      const rows = [0, 1].map((i) => ({ campaign: `c${offset + i}`, spend: offset + i, ctr: 0 }));
      return answer(rows, offset < 4);
    });
    expect(asked).toEqual([0, 2, 4]);
    const csv = answerCsv(pages, 'USD');
    expect(
      lines(csv)
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
  });

  it('stops at the tables cap of rows even if the engine says more follow', async () => {
    let calls = 0;
    await allPages(async () => {
      calls += 1;
      return answer(
        Array.from({ length: 5_000 }, () => ({ campaign: 'x', spend: 1, ctr: 0 })),
        true,
      );
    });
    expect(calls).toBe(2);
  });
});
