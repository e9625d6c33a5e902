import { describe, expect, it } from 'vitest';
import { formatDateAtGrain, formatDimension, formatMeasure, withBlanks } from './format';
import { kpiChange, kpiComparison } from './kpi';

describe('KPI change against the previous period', () => {
  it('is good when a volume rises or a cost per result falls, and neutral for spend', () => {
    expect(kpiChange('clicks', 120, 100)).toEqual({ ratio: 0.2, trend: 'up', sentiment: 'good' });
    expect(kpiChange('conversions', 80, 100)).toMatchObject({ trend: 'down', sentiment: 'bad' });
    expect(kpiChange('cpa', 8, 10)).toMatchObject({ trend: 'down', sentiment: 'good' });
    expect(kpiChange('position', 12, 10)).toMatchObject({ trend: 'up', sentiment: 'bad' });
    expect(kpiChange('spend', 150, 100)).toMatchObject({ trend: 'up', sentiment: 'neutral' });
  });

  it('has nothing to compare with when either period is empty or the previous one is zero', () => {
    for (const [current, previous] of [
      [null, 10],
      [10, null],
      [10, 0],
    ] as const) {
      expect(kpiChange('clicks', current, previous)).toEqual({
        ratio: null,
        trend: 'flat',
        sentiment: 'neutral',
      });
    }
    expect(kpiChange('clicks', 100, 100)).toMatchObject({ ratio: 0, trend: 'flat', sentiment: 'neutral' });
  });
});

describe('what a KPI says under its value', () => {
  const comparison = {
    from: '2025-01-01',
    to: '2025-11-27',
    rows: [{ clicks: 10 }],
    current: { from: '2026-01-01', to: '2026-11-27' },
    data_from: null,
  };

  it('shows the change against the days compared', () => {
    expect(kpiComparison('clicks', 97, comparison, 10)).toMatchObject({
      kind: 'change',
      change: { trend: 'up', sentiment: 'good' },
      comparison: { current: { to: '2026-11-27' } },
    });
  });

  it('shows no percentage when a source starts inside the previous period, and says from when', () => {
    // +870 % would read as growth: the previous period holds only part of the data.
    expect(kpiComparison('clicks', 97, { ...comparison, data_from: '2025-06-02' }, 10)).toEqual({
      kind: 'uncovered',
      dataFrom: '2025-06-02',
      comparison: { ...comparison, data_from: '2025-06-02' },
    });
  });

  it('has nothing to say without a comparison or a previous value', () => {
    expect(kpiComparison('clicks', 97, null, null)).toEqual({ kind: 'none' });
    expect(kpiComparison('clicks', 97, comparison, null)).toEqual({ kind: 'none' });
  });
});

describe('formats of report values', () => {
  it('shows measures by their format, in the organization currency', () => {
    expect(formatMeasure(1234.5, 'currency', { currency: 'USD' })).toBe('$1,234.50');
    expect(formatMeasure(1234.5, 'currency', { currency: 'EUR' })).toBe('€1,234.50');
    expect(formatMeasure(0.05234, 'percent', { currency: 'USD' })).toBe('5.23%');
    expect(formatMeasure(0.081, 'percent', { currency: 'USD' })).toBe('8.10%');
    expect(formatMeasure(12345.6, 'number', { currency: 'USD' })).toBe('12,346');
    expect(formatMeasure(3.1, 'number', { currency: 'USD' })).toBe('3.10');
    expect(formatMeasure(390, 'number', { currency: 'USD' })).toBe('390');
    expect(formatMeasure('42', 'number', { currency: 'USD' })).toBe('42');
    expect(formatMeasure(null, 'number', { currency: 'USD' })).toBe('–');
    expect(formatMeasure(10, 'currency', { currency: 'XYZ1' })).toBe('10.00 XYZ1');
  });

  it('shortens headline and axis values', () => {
    expect(formatMeasure(82_065.84, 'currency', { currency: 'USD', style: 'kpi' })).toBe('$82,066');
    expect(formatMeasure(30.4, 'currency', { currency: 'USD', style: 'kpi' })).toBe('$30.40');
    expect(formatMeasure(2_345_678, 'currency', { currency: 'USD', style: 'kpi' })).toBe('$2.35M');
    expect(formatMeasure(1_270_458, 'number', { currency: 'USD', style: 'kpi' })).toBe('1.27M');
    expect(formatMeasure(3_500, 'currency', { currency: 'USD', style: 'axis' })).toBe('$3,500');
    expect(formatMeasure(25_000, 'currency', { currency: 'USD', style: 'axis' })).toBe('$25K');
    expect(formatMeasure(0.5, 'currency', { currency: 'USD', style: 'axis' })).toBe('$0.5');
  });

  it('shows dates at their grain, DD/MM/YYYY for days, and blanks', () => {
    expect(formatDateAtGrain('2026-11-20', 'day')).toBe('20/11/2026');
    expect(formatDateAtGrain('2026-11-01', 'month')).toBe('Nov 2026');
    expect(formatDateAtGrain('2026-10-01', 'quarter')).toBe('Q4 2026');
    expect(formatDateAtGrain('2026-01-01', 'year')).toBe('2026');
    expect(formatDimension(null, { name: 'channel', type: 'string', grain: null })).toBe('(Blank)');
    // A cluster column's null: no rule set matched (withBlanks marks it).
    const cluster = {
      name: 'cluster_theme',
      label: 'Theme',
      role: 'dimension',
      type: 'string',
      format: null,
      grain: null,
    } as const;
    const answer = withBlanks({ columns: [cluster] }, { cluster_theme: 'Theme' });
    expect(formatDimension(null, answer?.columns[0] ?? cluster)).toBe('(none)');
    expect(formatDimension('', answer?.columns[0] ?? cluster)).toBe('(none)');
    expect(withBlanks({ columns: [cluster] }, {})?.columns[0]).toBe(cluster);
    expect(formatDimension('Search', { name: 'channel', type: 'string', grain: null })).toBe('Search');
    const country = { name: 'country', type: 'string', grain: null } as const;
    expect(formatDimension('grc', country)).toBe('Greece');
    expect(formatDimension('usa', country)).toBe('United States');
    expect(formatDimension('gbr', country)).toBe('United Kingdom');
    expect(formatDimension('GR', country)).toBe('Greece');
    expect(formatDimension('Greece', country)).toBe('Greece');
  });
});
