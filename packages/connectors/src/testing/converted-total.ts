// The independent side of "money in one currency" (decision 181): a total in an organization's
// currency computed without the product, from what the providers reported and the reference rates
// the (sandbox) ECB portal published. Each day's amount is converted at that day's rate, a day
// without a publication taking the last one published before it (decision 182). Shared by the
// server's money reconciliation and the e2e money journey.
import { addDays } from '@maya/contracts';

/** One account's spend: its currency and its micros per day (YYYY-MM-DD). */
export type DailySpend = { currency: string; micros: ReadonlyMap<string, number> };
/** Per currency, its rate against the euro by the day it was published. */
export type PublishedRates = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** The longest run of days without a publication the lookup accepts (Easter: four days). */
const LOOKBACK_DAYS = 10;

/**
 * The portal's rates from `from` to `to` as its CSV says them (the ECB's SDMX `csvdata`, columns
 * read by header name), published days only. `ecbData`: the portal's base URL.
 */
export async function publishedRates(ecbData: string, from: string, to: string): Promise<PublishedRates> {
  const url = new URL(`${ecbData}/service/data/EXR/D..EUR.SP00.A`);
  url.search = new URLSearchParams({ format: 'csvdata', startPeriod: from, endPeriod: to }).toString();
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`${url.href}: ${response.status} ${text}`);
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const names = (header ?? '').split(',');
  const at = (name: string) => names.indexOf(name);
  const rates = new Map<string, Map<string, number>>();
  for (const line of lines) {
    const cells = line.split(',');
    const currency = cells[at('CURRENCY')] as string;
    const byDay = rates.get(currency) ?? new Map<string, number>();
    byDay.set(cells[at('TIME_PERIOD')] as string, Number(cells[at('OBS_VALUE')]));
    rates.set(currency, byDay);
  }
  return rates;
}

/** The first day whose rate a conversion from `from` on may need: the lookback before it. */
export function ratesFrom(from: string): string {
  return addDays(from, -LOOKBACK_DAYS);
}

/**
 * Σ accounts Σ days micros × rate(target) / rate(currency), in units of `target` (not rounded):
 * the figure the report must show, to the cent once both are rounded to `target`'s minor unit.
 */
export function convertedTotal(spent: Iterable<DailySpend>, target: string, rates: PublishedRates): number {
  const rateOn = (currency: string, day: string): number => {
    if (currency === 'EUR') return 1;
    for (let d = day; d >= addDays(day, -LOOKBACK_DAYS); d = addDays(d, -1)) {
      const rate = rates.get(currency)?.get(d);
      if (rate !== undefined) return rate;
    }
    throw new Error(`no ${currency} rate published within ${LOOKBACK_DAYS} days before ${day}`);
  };
  let total = 0;
  for (const { currency, micros } of spent) {
    for (const [day, amount] of micros) total += amount * (rateOn(target, day) / rateOn(currency, day));
  }
  return total / 1_000_000;
}
