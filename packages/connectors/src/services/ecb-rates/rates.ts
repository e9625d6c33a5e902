// What a rates provider gives: the euro reference rates as published (business days only), and
// the rule that turns them into one rate a calendar day. Rates are "units of the currency per
// euro", as the ECB quotes them; the euro itself is 1 on every day.
import { eachDay } from '../../core/dates';

/** One published rate: `perEuro` units of `currency` buy one euro on `date` (YYYY-MM-DD). */
export type PublishedRate = { date: string; currency: string; perEuro: number };

/** Any source of the ECB's daily euro reference rates. */
export type RatesProvider = {
  /** Every rate published between the two days, both included, every currency the source has. */
  publishedRates(from: string, to: string, signal?: AbortSignal): Promise<PublishedRate[]>;
};

/** The ECB publishes no rate for the euro itself; reports convert from and to it all the same. */
export const EURO = 'EUR';

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  return [...eachDay({ from, to })];
}

/**
 * One rate per currency and calendar day from `from` to `to`: the rate published that day, else
 * the last one published before it (weekends, TARGET holidays, today before the 16:00 CET
 * publication). A currency has no rate before its first published one within `published`, so a
 * caller asks from a few days earlier than `from`. The euro is 1 every day.
 */
export function dailyRates(published: readonly PublishedRate[], from: string, to: string): PublishedRate[] {
  const byCurrency = new Map<string, PublishedRate[]>();
  for (const rate of published) {
    const list = byCurrency.get(rate.currency) ?? [];
    list.push(rate);
    byCurrency.set(rate.currency, list);
  }
  const days = daysFrom(from, to);
  const out: PublishedRate[] = days.map((date) => ({ date, currency: EURO, perEuro: 1 }));
  for (const [currency, list] of byCurrency) {
    if (currency === EURO) continue;
    list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    let next = 0;
    let last: number | null = null;
    for (const day of days) {
      while (next < list.length && (list[next] as PublishedRate).date <= day) {
        last = (list[next] as PublishedRate).perEuro;
        next += 1;
      }
      if (last !== null) out.push({ date: day, currency, perEuro: last });
    }
  }
  return out;
}
