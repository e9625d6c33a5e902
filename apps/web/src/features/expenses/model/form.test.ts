import { describe, expect, it } from 'vitest';
import {
  emptyExpense,
  expenseToValues,
  validateExpense,
  valuesToInput,
  type ExpenseFormValues,
} from './form';

const filled = (changes: Partial<ExpenseFormValues> = {}): ExpenseFormValues => ({
  ...emptyExpense('USD', '2026-10-01'),
  amount: '12.34',
  category: 'people',
  subcategory: 'agency',
  ...changes,
});

describe('the expense form', () => {
  it('sends the amount in minor units of the chosen currency', () => {
    expect(valuesToInput(filled()).amount).toBe(1234);
    expect(valuesToInput(filled({ amount: '1500', currency_code: 'JPY' })).amount).toBe(1500);
    expect(valuesToInput(filled({ start_date: '', end_date: '' }))).toMatchObject({
      start_date: null,
      end_date: null,
    });
    expect(validateExpense(filled())).toEqual({});
  });

  it("says the spec's words for each rule", () => {
    expect(validateExpense(filled({ amount: '' }))).toMatchObject({ amount: 'Invalid amount' });
    expect(validateExpense(filled({ amount: 'abc' }))).toMatchObject({ amount: 'Invalid amount' });
    expect(validateExpense(filled({ amount: '12.5', currency_code: 'JPY' }))).toMatchObject({
      amount: 'Invalid amount',
    });
    expect(validateExpense(filled({ category: '', subcategory: '' }))).toMatchObject({
      category: 'Required',
      subcategory: 'Required',
    });
    expect(validateExpense(filled({ description: 'x'.repeat(51) }))).toMatchObject({
      description: 'Description too long',
    });
    expect(validateExpense(filled({ payment_date: '' }))).toMatchObject({ payment_date: 'Required' });
    expect(validateExpense(filled({ start_date: '2026-10-05', end_date: '2026-10-01' }))).toMatchObject({
      end_date: 'The period ends before it starts',
    });
  });

  it('shows a saved expense in its currency decimals', () => {
    const values = expenseToValues({
      uuid: '7d1c7a39-5a53-4bd8-9a8f-1d1e0f1f1f1f',
      payment_date: '2026-10-01',
      amount: 123_456,
      currency_code: 'USD',
      category: 'people',
      subcategory: 'agency',
      description: 'Retainer',
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      is_marketing_related: true,
      converted: { amount: 123_456, currency_code: 'USD' },
    });
    expect(values).toMatchObject({ amount: '1234.56', start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(valuesToInput(values).amount).toBe(123_456);
  });
});
