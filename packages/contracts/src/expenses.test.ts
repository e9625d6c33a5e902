import { describe, expect, it } from 'vitest';
import { currencyDigits } from './currencies';
import { ExpenseInputSchema, formatMinorAmount, parseAmount, shortDescription } from './expenses';

describe('amounts in minor units of their currency', () => {
  it('knows each currency decimals: yen none, dinar three, dollar two', () => {
    expect([
      currencyDigits('JPY'),
      currencyDigits('BHD'),
      currencyDigits('USD'),
      currencyDigits('KRW'),
    ]).toEqual([0, 3, 2, 0]);
  });

  it('reads what people type without floating point', () => {
    expect(parseAmount('12.34', 'USD')).toBe(1234);
    expect(parseAmount('1,234.5', 'EUR')).toBe(123_450);
    expect(parseAmount('0.29', 'USD')).toBe(29);
    expect(parseAmount('1500', 'JPY')).toBe(1500);
    expect(parseAmount('1500.00', 'JPY')).toBe(1500);
    expect(parseAmount('1.005', 'BHD')).toBe(1005);
    expect(parseAmount('9999999999.99', 'USD')).toBe(999_999_999_999);
  });

  it('refuses what is no positive amount of the currency', () => {
    for (const [text, currency] of [
      ['', 'USD'],
      ['abc', 'USD'],
      ['-5', 'USD'],
      ['0', 'USD'],
      ['1.234', 'USD'],
      ['1500.5', 'JPY'],
      ['1.0005', 'BHD'],
      ['1e5', 'USD'],
      ['10000000000.01', 'USD'],
    ] as const) {
      expect(parseAmount(text, currency), `${text} ${currency}`).toBeNull();
    }
  });

  it('shows minor units in the currency decimals', () => {
    expect(formatMinorAmount(123_456, 'USD')).toBe('1,234.56');
    expect(formatMinorAmount(5, 'USD')).toBe('0.05');
    expect(formatMinorAmount(1500, 'JPY')).toBe('1,500');
    expect(formatMinorAmount(1005, 'BHD')).toBe('1.005');
  });
});

describe('the list description', () => {
  it('is cut at 20 characters with ...', () => {
    expect(shortDescription('Short')).toBe('Short');
    expect(shortDescription('x'.repeat(20))).toBe('x'.repeat(20));
    expect(shortDescription('Quarterly agency retainer fee')).toBe('Quarterly agency ret...');
  });
});

describe('the expense schema', () => {
  const valid = {
    payment_date: '2026-10-01',
    amount: 100,
    currency_code: 'USD',
    category: 'people',
    subcategory: 'agency',
    description: '',
    start_date: null,
    end_date: null,
    is_marketing_related: true,
  };
  it('takes a valid expense and a one-day period', () => {
    expect(ExpenseInputSchema.safeParse(valid).success).toBe(true);
    expect(
      ExpenseInputSchema.safeParse({ ...valid, start_date: '2026-10-01', end_date: '2026-10-01' }).success,
    ).toBe(true);
  });
  it('refuses a period of 1097 days and takes 1096', () => {
    expect(
      ExpenseInputSchema.safeParse({ ...valid, start_date: '2026-01-01', end_date: '2028-12-31' }).success,
    ).toBe(true);
    expect(
      ExpenseInputSchema.safeParse({ ...valid, start_date: '2026-01-01', end_date: '2029-01-01' }).success,
    ).toBe(false);
  });
});
