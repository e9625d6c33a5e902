import type { ReportColumn } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { pivotMatrix } from './matrix';

const column = (
  name: string,
  role: ReportColumn['role'],
  type: ReportColumn['type'] = 'string',
): ReportColumn => ({
  name,
  label: name,
  role,
  type,
  format: role === 'measure' ? 'number' : null,
  grain: type === 'date' ? 'month' : null,
});

describe('matrix pivot', () => {
  const response = {
    columns: [
      column('channel', 'dimension'),
      column('date', 'dimension', 'date'),
      column('spend', 'measure'),
    ],
    rows: [
      { channel: 'Search', date: '2026-10-01', spend: 10 },
      { channel: 'Display', date: '2026-11-01', spend: 30 },
      { channel: 'Display', date: '2026-10-01', spend: 5 },
    ],
    truncated: false,
    sampled: false,
    totals: {
      grand: { spend: 45 },
      rows: [
        { channel: 'Search', spend: 10 },
        { channel: 'Display', spend: 35 },
      ],
      columns: [
        { date: '2026-10-01', spend: 15 },
        { date: '2026-11-01', spend: 30 },
      ],
    },
    comparison: null,
  };

  it('puts row keys down (largest first without a sort), dates across in time order, totals both ways', () => {
    const matrix = pivotMatrix(response, {
      rows: ['channel'],
      columns: ['date'],
      measures: ['spend'],
      sorted: false,
    });
    expect(matrix.rows.map((r) => r.values)).toEqual([['Display'], ['Search']]);
    expect(matrix.columns.map((c) => c.values)).toEqual([['2026-10-01'], ['2026-11-01']]);
    const [display, search] = matrix.rows;
    const [october, november] = matrix.columns;
    expect(matrix.cell(display?.key ?? '', november?.key ?? '', 'spend')).toBe(30);
    expect(matrix.cell(search?.key ?? '', november?.key ?? '', 'spend')).toBeNull();
    expect(matrix.rowTotal?.(display?.key ?? '', 'spend')).toBe(35);
    expect(matrix.columnTotal?.(october?.key ?? '', 'spend')).toBe(15);
    expect(matrix.grandTotal?.('spend')).toBe(45);
  });

  it("keeps the server's row order when the visual sorts, and has no totals without them", () => {
    const matrix = pivotMatrix(
      { ...response, totals: null },
      { rows: ['channel'], columns: ['date'], measures: ['spend'], sorted: true },
    );
    expect(matrix.rows.map((r) => r.values)).toEqual([['Search'], ['Display']]);
    expect(matrix.rowTotal).toBeNull();
    expect(matrix.grandTotal).toBeNull();
  });
});
