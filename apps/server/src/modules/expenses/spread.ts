// An expense's days (decision 382): with a period, its amount spread evenly over the period's
// days in exact minor units, by largest remainder (every day gets the whole share; the remainder,
// one minor unit each, goes to the first days); without one, all of it on the payment date.
import { currencyDigits } from '@maya/contracts';

export type ExpenseDay = { date: string; amountMinor: number };

const DAY_MS = 86_400_000;

/** The ISO days from `start` to `end`, both included. */
export function periodDays(start: string, end: string): string[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  const days: string[] = [];
  for (let t = first; t <= last; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * The expense's amount per day, summing to exactly `amountMinor`. Equal weights make the largest
 * remainder method the whole share to each day and one more minor unit to the first
 * `remainder` days (ties broken by the earlier day).
 */
export function spreadExpense(expense: {
  paymentDate: string;
  amountMinor: number;
  startDate: string | null;
  endDate: string | null;
}): ExpenseDay[] {
  if (expense.startDate === null || expense.endDate === null) {
    return [{ date: expense.paymentDate, amountMinor: expense.amountMinor }];
  }
  const days = periodDays(expense.startDate, expense.endDate);
  const total = BigInt(expense.amountMinor);
  const count = BigInt(days.length);
  const share = total / count;
  const remainder = Number(total - share * count);
  return days.map((date, i) => ({ date, amountMinor: Number(share) + (i < remainder ? 1 : 0) }));
}

/** Minor units of a currency as micros (millionths), exactly: the models' unit of money. */
export function minorToMicros(amountMinor: number, currency: string): bigint {
  return BigInt(amountMinor) * 10n ** BigInt(6 - currencyDigits(currency));
}
