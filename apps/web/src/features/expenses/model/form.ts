import {
  ExpenseInputSchema,
  expenseMessages,
  formatMinorAmount,
  parseAmount,
  type Expense,
  type ExpenseInput,
} from '@maya/contracts';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';

/** The form's fields as typed: the amount as text in the currency's decimals, dates as `YYYY-MM-DD` or ''. */
export type ExpenseFormValues = {
  payment_date: string;
  amount: string;
  currency_code: string;
  category: string;
  subcategory: string;
  description: string;
  start_date: string;
  end_date: string;
  is_marketing_related: boolean;
};

/** A new expense: paid today in the organization's currency (else USD: spec 001 §9), marketing related. */
export function emptyExpense(currency: string, today: string): ExpenseFormValues {
  return {
    payment_date: today,
    amount: '',
    currency_code: currency,
    category: '',
    subcategory: '',
    description: '',
    start_date: '',
    end_date: '',
    is_marketing_related: true,
  };
}

/** A saved expense in the form: its minor units as the decimal people read, without grouping. */
export function expenseToValues(expense: Expense): ExpenseFormValues {
  return {
    payment_date: expense.payment_date,
    amount: formatMinorAmount(expense.amount, expense.currency_code).replace(/,/g, ''),
    currency_code: expense.currency_code,
    category: expense.category,
    subcategory: expense.subcategory,
    description: expense.description,
    start_date: expense.start_date ?? '',
    end_date: expense.end_date ?? '',
    is_marketing_related: expense.is_marketing_related,
  };
}

/** What the server is sent: the amount in minor units (NaN when it is not one: 'Invalid amount'). */
export function valuesToInput(values: ExpenseFormValues): ExpenseInput {
  return {
    payment_date: values.payment_date,
    amount: parseAmount(values.amount, values.currency_code) ?? Number.NaN,
    currency_code: values.currency_code,
    category: values.category,
    subcategory: values.subcategory,
    description: values.description,
    start_date: values.start_date === '' ? null : values.start_date,
    end_date: values.end_date === '' ? null : values.end_date,
    is_marketing_related: values.is_marketing_related,
  };
}

const resolve = zod4Resolver(ExpenseInputSchema, { errorPriority: 'first' });

/**
 * The form's validation: the contract's schema (the rules the server applies, with the spec's
 * messages) over what would be sent; an amount that is no number of the currency is 'Invalid amount'.
 */
export function validateExpense(values: ExpenseFormValues): FormErrors {
  const errors = resolve(valuesToInput(values));
  if (errors.amount !== undefined) errors.amount = expenseMessages.invalidAmount;
  return errors;
}
