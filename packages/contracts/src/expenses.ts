// Manual expenses (spec 001 §2, §3, §5, §7, §8, §9). Amounts travel and are stored as integer
// minor units of their own currency, whose number of decimals is the currency's (JPY none, BHD
// three; decision 380), never as a decimal number.
import { z } from 'zod/mini';
import { modelling } from './constants';
import { CURRENCIES, currencyDigits } from './currencies';

/** spec 001 §5 and §8, verbatim. */
export const expenseMessages = {
  invalidAmount: 'Invalid amount',
  required: 'Required',
  descriptionTooLong: 'Description too long',
  saved: 'Manual expense was saved successfully.',
  organizationNotLoaded: 'organization not loaded yet',
  /** Our words where the spec is silent (decision 383). */
  periodIncomplete: 'Give both period dates or neither',
  periodOrder: 'The period ends before it starts',
  periodTooLong: `A period covers at most ${1096} days`,
  invalidCategory: 'Choose a category from the list',
  invalidSubcategory: 'Choose a subcategory of the category',
  invalidCurrency: 'Choose a currency from the list',
  invalidDate: 'Enter a valid date',
} as const;

/** spec 001 §8: a load error other than 404 says its type. */
export const expenseLoadError = (type: string) => `Error loading expense: ${type}`;
/** spec 001 §4: a failed save. */
export const expenseSaveError = (message: string) => `${message}. Please try again later.`;

export const expenseLimits = {
  descriptionMaxLength: modelling.expenseDescriptionMaxLength,
  descriptionListLength: modelling.expenseDescriptionListLength,
  /** Days a period may cover: three years, leap day included (decision 383). */
  periodMaxDays: 1096,
  /**
   * The largest amount in minor units: 10^12 (ten billion dollars, a trillion yen), so that its
   * micros (at most ×10^6) stay far inside a 64-bit integer (decision 381).
   */
  amountMaxMinor: 1_000_000_000_000,
  /** Days are from 2000-01-01 to 2099-12-31: the ECB's rates start in 1999. */
  firstDay: '2000-01-01',
  lastDay: '2099-12-31',
} as const;

export const ExpenseErrorType = {
  /** The expense names a subcategory of another category (422, nothing changed). */
  invalidSubcategory: 'invalid_subcategory',
  /** Saving or deleting could not write the expense to the organization's warehouse (nothing changed). */
  warehouseUnavailable: 'expenses_warehouse_unavailable',
} as const;

/** spec 001 §3 Currency, as GET /currencies answers it. */
export const CurrencySchema = z.object({ code: z.string(), name: z.string(), symbol: z.string() });
export const CurrenciesResponseSchema = z.object({
  currencies: z.array(z.extend(CurrencySchema, { digits: z.int() })),
});
export type CurrenciesResponse = z.infer<typeof CurrenciesResponseSchema>;

export const ExpenseCategorySchema = z.object({ id: z.string(), name: z.string() });
export type ExpenseCategory = z.infer<typeof ExpenseCategorySchema>;
export const ExpenseCategoriesResponseSchema = z.object({ categories: z.array(ExpenseCategorySchema) });
export const ExpenseSubcategorySchema = z.object({ id: z.string(), name: z.string(), category: z.string() });
export type ExpenseSubcategory = z.infer<typeof ExpenseSubcategorySchema>;
export const ExpenseSubcategoriesResponseSchema = z.object({
  subcategories: z.array(ExpenseSubcategorySchema),
});

/**
 * The categories and their subcategories (the spec leaves them to the server; decision 384):
 * what a marketing team pays for besides its ad platforms.
 */
export const EXPENSE_CATEGORIES: readonly (ExpenseCategory & { subcategories: ExpenseCategory[] })[] = [
  {
    id: 'advertising',
    name: 'Advertising',
    subcategories: [
      { id: 'offline_media', name: 'Offline media (TV, radio, print)' },
      { id: 'out_of_home', name: 'Out of home' },
      { id: 'sponsored_content', name: 'Sponsored content' },
      { id: 'unconnected_platform', name: 'Ad platform not connected' },
    ],
  },
  {
    id: 'people',
    name: 'People',
    subcategories: [
      { id: 'agency', name: 'Agency' },
      { id: 'freelancers', name: 'Freelancers' },
      { id: 'influencers', name: 'Influencers' },
      { id: 'salaries', name: 'Salaries' },
    ],
  },
  {
    id: 'content',
    name: 'Content',
    subcategories: [
      { id: 'design', name: 'Design' },
      { id: 'photo_video', name: 'Photo and video' },
      { id: 'copywriting', name: 'Copywriting' },
    ],
  },
  {
    id: 'events',
    name: 'Events',
    subcategories: [
      { id: 'trade_shows', name: 'Trade shows' },
      { id: 'sponsorships', name: 'Sponsorships' },
      { id: 'webinars', name: 'Webinars' },
    ],
  },
  {
    id: 'software',
    name: 'Software',
    subcategories: [
      { id: 'analytics', name: 'Analytics' },
      { id: 'crm_email', name: 'CRM and e-mail' },
      { id: 'seo_tools', name: 'SEO tools' },
      { id: 'other_software', name: 'Other software' },
    ],
  },
  {
    id: 'other',
    name: 'Other',
    subcategories: [
      { id: 'fees', name: 'Fees' },
      { id: 'gifts_promotions', name: 'Gifts and promotions' },
      { id: 'miscellaneous', name: 'Miscellaneous' },
    ],
  },
];

export const expenseSubcategories = (): ExpenseSubcategory[] =>
  EXPENSE_CATEGORIES.flatMap((c) => c.subcategories.map((s) => ({ ...s, category: c.id })));

const CURRENCY_CODES = new Set(CURRENCIES.map((c) => c.code));
const SUBCATEGORIES = new Map(expenseSubcategories().map((s) => [s.id, s.category]));
const CATEGORY_IDS = new Set(EXPENSE_CATEGORIES.map((c) => c.id));

/** Whether a text is a real calendar day `YYYY-MM-DD` within the days expenses may have. */
export function isExpenseDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= expenseLimits.firstDay &&
    value <= expenseLimits.lastDay
  );
}

/** Days from `start` to `end`, both included (ISO days). */
export function daysInPeriod(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A day: 'Required' when empty, else a real day within the limits. */
const daySchema = () =>
  z.string().check(
    z.minLength(1, expenseMessages.required),
    z.refine((value) => value === '' || isExpenseDay(value), expenseMessages.invalidDate),
  );

/**
 * The amount as a person types it ('1,234.50', '1234.5', '1500'), in minor units of the
 * currency: null when it is no positive number, has more decimals than the currency has (yen
 * has none, dinars three), or is above the limit. Never goes through a floating-point number.
 */
export function parseAmount(text: string, currency: string): number | null {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (match === null) return null;
  const digits = currencyDigits(currency);
  const whole = match[1] ?? '';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const minor = BigInt(whole + fraction.padEnd(digits, '0'));
  if (minor <= 0n || minor > BigInt(expenseLimits.amountMaxMinor)) return null;
  return Number(minor);
}

/** Minor units as the decimal people read, in the currency's own decimals ('12.30', '1500', '1.005'). */
export function formatMinorAmount(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${digits === 0 ? grouped : `${grouped}.${text.slice(-digits)}`}`;
}

/** spec 001 §3 Manual expense, as the request body of PUT /expenses/{uuid} carries it. */
export const ExpenseInputSchema = z
  .object({
    payment_date: daySchema(),
    /** Integer minor units of `currency_code` (cents; yen; fils): positive. */
    amount: z
      .int(expenseMessages.invalidAmount)
      .check(
        z.positive(expenseMessages.invalidAmount),
        z.lte(expenseLimits.amountMaxMinor, expenseMessages.invalidAmount),
      ),
    currency_code: z
      .string()
      .check(z.refine((code) => CURRENCY_CODES.has(code), expenseMessages.invalidCurrency)),
    category: z.string().check(
      z.minLength(1, expenseMessages.required),
      z.refine((id) => id === '' || CATEGORY_IDS.has(id), expenseMessages.invalidCategory),
    ),
    subcategory: z.string().check(
      z.minLength(1, expenseMessages.required),
      z.refine((id) => id === '' || SUBCATEGORIES.has(id), expenseMessages.invalidSubcategory),
    ),
    description: z
      .string()
      .check(z.trim(), z.maxLength(expenseLimits.descriptionMaxLength, expenseMessages.descriptionTooLong)),
    start_date: z.nullable(daySchema()),
    end_date: z.nullable(daySchema()),
    is_marketing_related: z.boolean(),
  })
  .check(
    z.refine(
      (e) =>
        SUBCATEGORIES.get(e.subcategory) === undefined || SUBCATEGORIES.get(e.subcategory) === e.category,
      {
        message: expenseMessages.invalidSubcategory,
        path: ['subcategory'],
      },
    ),
    z.refine((e) => (e.start_date === null) === (e.end_date === null), {
      message: expenseMessages.periodIncomplete,
      path: ['end_date'],
    }),
    z.refine((e) => e.start_date === null || e.end_date === null || e.end_date >= e.start_date, {
      message: expenseMessages.periodOrder,
      path: ['end_date'],
    }),
    z.refine(
      (e) =>
        e.start_date === null ||
        e.end_date === null ||
        e.end_date < e.start_date ||
        daysInPeriod(e.start_date, e.end_date) <= expenseLimits.periodMaxDays,
      { message: expenseMessages.periodTooLong, path: ['end_date'] },
    ),
  );
export type ExpenseInput = z.infer<typeof ExpenseInputSchema>;

export const SaveExpenseRequestSchema = z.extend(ExpenseInputSchema, { organization_id: z.uuid() });
export type SaveExpenseRequest = z.infer<typeof SaveExpenseRequestSchema>;

export const ExpenseParamsSchema = z.object({ uuid: z.uuid() });
export const ExpensesQuerySchema = z.object({ organization_id: z.uuid() });

/** The amount in the organization's currency, converted as reports convert; null without a rate. */
export const ConvertedAmountSchema = z.object({ amount: z.nullable(z.int()), currency_code: z.string() });

export const ExpenseSchema = z.object({
  uuid: z.uuid(),
  payment_date: z.iso.date(),
  amount: z.int(),
  currency_code: z.string(),
  category: z.string(),
  subcategory: z.string(),
  description: z.string(),
  start_date: z.nullable(z.iso.date()),
  end_date: z.nullable(z.iso.date()),
  is_marketing_related: z.boolean(),
  /** In the organization's currency, rounded to its minor unit; its own amount when the same currency. */
  converted: ConvertedAmountSchema,
});
export type Expense = z.infer<typeof ExpenseSchema>;

export const ExpensesResponseSchema = z.object({ expenses: z.array(ExpenseSchema) });
export type ExpensesResponse = z.infer<typeof ExpensesResponseSchema>;

export const DeleteExpenseResponseSchema = z.object({ uuid: z.uuid() });

/** spec 001 §2: the list cuts the description at 20 characters and adds '...'. */
export function shortDescription(description: string): string {
  const chars = [...description];
  return chars.length > expenseLimits.descriptionListLength
    ? `${chars.slice(0, expenseLimits.descriptionListLength).join('')}...`
    : description;
}
