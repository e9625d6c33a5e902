// The sandbox's euro reference rates: deterministic, published on TARGET business days only
// (no weekends, New Year's Day, Good Friday, Easter Monday, 1 May, 25 and 26 December), each
// currency wandering a few per cent around a realistic level, quoted with the ECB's decimals.
import { addDays } from '@maya/contracts';
import { daysFrom, type PublishedRate } from './rates';

/** Rough levels (units per euro) of the currencies the ECB publishes today. */
const LEVELS: Readonly<Record<string, number>> = {
  USD: 1.08,
  JPY: 162.5,
  CZK: 25.1,
  DKK: 7.4588,
  GBP: 0.8551,
  HUF: 395.2,
  PLN: 4.31,
  RON: 4.975,
  SEK: 11.42,
  CHF: 0.9462,
  ISK: 149.7,
  NOK: 11.63,
  TRY: 36.8,
  AUD: 1.652,
  BRL: 6.01,
  CAD: 1.478,
  CNY: 7.81,
  HKD: 8.43,
  IDR: 17320,
  ILS: 3.98,
  INR: 90.4,
  KRW: 1496,
  MXN: 19.9,
  MYR: 4.91,
  NZD: 1.806,
  PHP: 62.3,
  SGD: 1.452,
  THB: 37.6,
  ZAR: 19.7,
};

/** Decimals of the published quote: the ECB gives about five significant digits. */
const DECIMALS: Readonly<Record<string, number>> = {
  GBP: 5,
  JPY: 2,
  HUF: 2,
  ISK: 1,
  IDR: 2,
  KRW: 2,
  INR: 3,
  PHP: 3,
};

export const SANDBOX_RATE_CURRENCIES: readonly string[] = Object.keys(LEVELS);

const EPOCH = Date.parse('1999-01-04T00:00:00Z');

/** Easter Sunday of the year (anonymous Gregorian algorithm), as YYYY-MM-DD. */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether the ECB publishes reference rates on the day (a TARGET business day). */
export function isPublicationDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = day.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const sunday = easter(Number(day.slice(0, 4)));
  return day !== addDays(sunday, -2) && day !== addDays(sunday, 1);
}

/** The quote of `currency` on a publication day, as the CSV writes it. */
export function sandboxQuote(currency: string, day: string): string | null {
  const level = LEVELS[currency];
  if (level === undefined) return null;
  const n = Math.round((Date.parse(`${day}T00:00:00Z`) - EPOCH) / 86_400_000);
  const phase = [...currency].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  const wander =
    0.03 * Math.sin((2 * Math.PI * n) / 97 + phase) + 0.008 * Math.sin((2 * Math.PI * n) / 11 + phase / 7);
  return (level * (1 + wander)).toFixed(DECIMALS[currency] ?? 4);
}

/** Every rate published from `from` to `to` (both included), day by day, currencies in order. */
export function sandboxPublishedRates(
  from: string,
  to: string,
  currencies: readonly string[],
): PublishedRate[] {
  const rates: PublishedRate[] = [];
  const published = daysFrom(from, to).filter(isPublicationDay);
  for (const currency of currencies) {
    for (const day of published) {
      const quote = sandboxQuote(currency, day);
      if (quote !== null) rates.push({ date: day, currency, perEuro: Number(quote) });
    }
  }
  return rates;
}
