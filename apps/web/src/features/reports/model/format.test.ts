import type { ReportColumn } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { formatCell, formatMeasure } from './format';

const column = (format: ReportColumn['format']): ReportColumn => ({
  name: 'x',
  label: 'X',
  role: 'measure',
  type: 'number',
  format,
  grain: null,
});

describe('money on the dashboards', () => {
  it('shows converted amounts in the organization’s currency', () => {
    expect(formatMeasure(1234.5, 'currency', { currency: 'EUR' })).toBe('€1,234.50');
    expect(formatMeasure(3_300_000, 'currency', { currency: 'USD', style: 'kpi' })).toBe('$3.3M');
  });

  it('shows an account’s own amount in the currency of its row', () => {
    const own = column('account_currency');
    expect(formatCell(150000, own, 'USD', { currency: 'JPY' })).toBe('¥150,000');
    expect(formatCell(12.5, own, 'USD', { currency: 'GBP' })).toBe('£12.50');
    // A row that does not say its currency: a plain number, never the organization's symbol.
    expect(formatCell(12.5, own, 'USD', {})).toBe('12.50');
    expect(formatCell(null, own, 'USD', { currency: 'GBP' })).toBe('–');
  });
});
