import { describe, expect, it } from 'vitest';
import { minorToMicros, periodDays, spreadExpense } from './spread';

describe('spreading an expense over its period', () => {
  it('puts an expense without a period on its payment date', () => {
    expect(
      spreadExpense({ paymentDate: '2026-03-05', amountMinor: 999, startDate: null, endDate: null }),
    ).toEqual([{ date: '2026-03-05', amountMinor: 999 }]);
  });

  it('gives each day the whole share and the remainder to the first days', () => {
    const days = spreadExpense({
      paymentDate: '2026-01-01',
      amountMinor: 100,
      startDate: '2026-02-27',
      endDate: '2026-03-01',
    });
    expect(days).toEqual([
      { date: '2026-02-27', amountMinor: 34 },
      { date: '2026-02-28', amountMinor: 33 },
      { date: '2026-03-01', amountMinor: 33 },
    ]);
  });

  it('counts a leap day and crosses years', () => {
    expect(periodDays('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(periodDays('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('always sums to exactly the amount, no day differing from another by more than one unit', () => {
    const amounts = [1, 2, 7, 99, 100, 101, 12_345, 999_999_937, 1_000_000_000_000];
    const lengths = [0, 1, 2, 6, 29, 30, 364, 365, 1095];
    for (const amount of amounts) {
      for (const length of lengths) {
        const start = '2027-12-30';
        const end = new Date(Date.parse(`${start}T00:00:00Z`) + length * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const days = spreadExpense({
          paymentDate: start,
          amountMinor: amount,
          startDate: start,
          endDate: end,
        });
        expect(days).toHaveLength(length + 1);
        expect(days.reduce((sum, d) => sum + BigInt(d.amountMinor), 0n)).toBe(BigInt(amount));
        const shares = days.map((d) => d.amountMinor);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        expect([days[0]?.date, days.at(-1)?.date]).toEqual([start, end]);
        // The larger shares come first.
        expect([...shares].sort((a, b) => b - a)).toEqual(shares);
      }
    }
  });
});

describe('minor units as micros', () => {
  it('scales by the currency decimals exactly', () => {
    expect(minorToMicros(1500, 'JPY')).toBe(1_500_000_000n);
    expect(minorToMicros(1234, 'USD')).toBe(12_340_000n);
    expect(minorToMicros(1005, 'BHD')).toBe(1_005_000n);
    expect(minorToMicros(1_000_000_000_000, 'JPY')).toBe(10n ** 18n);
  });
});
