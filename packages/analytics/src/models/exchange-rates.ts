// The euro reference rates in an organization's warehouse (`analytics.exchange_rates`): one rate
// a currency and calendar day, written by the ETL from the rates provider after each model build,
// read by the report compiler to convert money per day (reports/currency-sql.ts). Not a SQL model:
// its rows come from the provider, not from raw tables.
import { qualifiedName } from '@maya/warehouse/interface';
import type { TableSchema, Warehouse } from '@maya/warehouse/interface';
import { CANONICAL_MODELS } from './catalog';
import { isRollupTable } from './rollups';

export const EXCHANGE_RATES: TableSchema = {
  name: 'exchange_rates',
  columns: [
    { name: 'rate_date', type: 'date', nullable: false },
    { name: 'rate_currency', type: 'string', nullable: false },
    // Units of the currency per euro, as the ECB quotes it; the euro is 1.
    { name: 'per_euro', type: 'double', nullable: false },
  ],
  primaryKey: ['rate_date', 'rate_currency'],
};

export type ExchangeRate = { date: string; currency: string; perEuro: number };

/**
 * The first and last day of the model tables that hold money (those with a `currency` and a
 * `date` column): the days reports may convert. Null when they have no rows. The canonical
 * models' columns come from their definitions and roll-ups hold their model's days, so only a
 * table the catalogue does not know is described; then one statement reads every table's days
 * (a catalogue query and a statement per table were a tenth of a rebuild).
 */
export async function moneyDays(
  warehouse: Warehouse,
  schema: string,
): Promise<{ from: string; to: string } | null> {
  const tables: string[] = [];
  for (const table of await warehouse.listTables(schema)) {
    if (table === EXCHANGE_RATES.name || isRollupTable(table)) continue;
    const known = CANONICAL_MODELS.find((model) => model.name === table);
    const columns = new Set(
      known
        ? known.columns.map((c) => c.name)
        : (await warehouse.listColumns(schema, table)).map((c) => c.name),
    );
    if (columns.has('currency') && columns.has('date')) tables.push(table);
  }
  if (tables.length === 0) return null;
  const days = tables
    .map(
      (table) => `SELECT MIN(date) AS first_day, MAX(date) AS last_day FROM ${qualifiedName(schema, table)}`,
    )
    .join('\nUNION ALL\n');
  const { rows } = await warehouse.query(
    `SELECT MIN(first_day) AS first_day, MAX(last_day) AS last_day FROM (${days}) AS days`,
    [],
    { timeoutMs: 30_000 },
  );
  const from = rows[0]?.first_day;
  const to = rows[0]?.last_day;
  return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
}

/**
 * Creates the table when missing and upserts the rates (a day's published rate never changes;
 * a correction replaces it). Returns the rows written.
 */
export async function writeExchangeRates(
  warehouse: Warehouse,
  schema: string,
  rates: readonly ExchangeRate[],
): Promise<number> {
  await warehouse.ensureSchema(schema);
  await warehouse.createTable(schema, EXCHANGE_RATES);
  if (rates.length === 0) return 0;
  const rows = rates.map((r) => ({ rate_date: r.date, rate_currency: r.currency, per_euro: r.perEuro }));
  const { rows: written } = await warehouse.loadBatch(schema, EXCHANGE_RATES.name, [rows]);
  return written;
}
