// The euro reference rates an organization's reports convert money with, written into its
// warehouse after each model build (docs/data-model.md, `analytics.exchange_rates`): a rate for
// every currency and calendar day its money tables cover, weekends and holidays taking the last
// published rate.
import { dailyRates, type RatesProvider } from '@maya/connectors';
import { addDays } from '@maya/contracts';
import { moneyDays, writeExchangeRates } from '@maya/analytics';
import type { Warehouse } from '@maya/warehouse';

/**
 * Publications are looked up this many days before the first day, so that the first days (a
 * weekend, Easter's four days) have the last rate published before them.
 */
const LOOK_BACK_DAYS = 10;

/** Fetches the rates for the days of the model tables in `schema` and writes them; the rows written. */
export async function refreshExchangeRates(
  warehouse: Warehouse,
  schema: string,
  rates: RatesProvider,
  signal?: AbortSignal,
): Promise<number> {
  const days = await moneyDays(warehouse, schema);
  if (days === null) return writeExchangeRates(warehouse, schema, []);
  const published = await rates.publishedRates(addDays(days.from, -LOOK_BACK_DAYS), days.to, signal);
  return writeExchangeRates(warehouse, schema, dailyRates(published, days.from, days.to));
}
