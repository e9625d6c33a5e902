// Money in report queries (docs/data-model.md, Money): amounts are summed in one currency only.
// A converted amount is each row's micros × that day's factor from the row's currency to the
// organization's, the factors coming from `exchange_rates` (models/exchange-rates.ts) as a cross
// rate through the euro: per_euro(target) / per_euro(row currency), both of the row's day. The
// sum of the converted micros is divided by 1,000,000 once, in double precision, and rounded to
// the currency's minor unit only where it is shown (decision 181). An amount that cannot be
// converted (no rate for a row's currency and day) makes the whole figure NULL rather than a
// total that silently leaves rows out; unconverted amounts are NULL wherever two currencies meet.
import { EXCHANGE_RATES } from '../models/exchange-rates';
import { ident, tableRef, type SqlDialect } from '../models/dialect';
import type { Params } from './report-sql';
import { dimension, measure, measureInputs, type Money, type SemanticTable } from './semantic-model';

/** The organization's currency, and whether its warehouse has the rates to convert into it. */
export type MoneyOptions = { currency: string; rates: boolean };

/** The conversion factor's column in the joined rates (a name no model table uses). */
const FACTOR = 'maya_fx_factor';
const FX_DAY = 'maya_fx_day';
const FX_CURRENCY = 'maya_fx_currency';

/** How a statement treats money: the target currency's placeholder, and whether rates are joined. */
export type MoneySql = { target: string | null; joined: boolean };

/** Whether the measure, or a measure a ratio divides, is an amount converted per day. */
export function convertsMoney(table: SemanticTable, name: string): boolean {
  const m = measure(table, name);
  if (m.kind === 'aggregate') return m.money?.converted === true;
  return measureInputs(m).some((input) => convertsMoney(table, input));
}

/**
 * What a statement over `table` selecting `measures` needs for money, with the target currency
 * bound to `params` first (so that its placeholder comes before the WHERE clause's), and the join
 * of the day's factors to add after the FROM table when the warehouse has rates.
 */
export function moneyContext(
  dialect: SqlDialect,
  table: SemanticTable,
  measures: readonly string[],
  params: Params,
  money: MoneyOptions | null,
): { money: MoneySql; join: string } {
  if (money === null || !measures.some((name) => convertsMoney(table, name))) {
    return { money: { target: null, joined: false }, join: '' };
  }
  const target = params.bind(money.currency, 'string');
  if (!money.rates) return { money: { target, joined: false }, join: '' };
  const q = (name: string) => ident(dialect, name);
  const rates = tableRef(dialect, table.source.schema, EXCHANGE_RATES.name);
  const day = dayColumn(dialect, table);
  const currencies = currencyColumns(table);
  if (currencies.length !== 1)
    throw new Error(`${table.name}: converted amounts must share one currency column`);
  const factors =
    `SELECT s.${q('rate_date')} AS ${q(FX_DAY)}, s.${q('rate_currency')} AS ${q(FX_CURRENCY)}, ` +
    `t.${q('per_euro')} / s.${q('per_euro')} AS ${q(FACTOR)} FROM ${rates} AS s ` +
    `INNER JOIN ${rates} AS t ON t.${q('rate_date')} = s.${q('rate_date')} AND t.${q('rate_currency')} = ${target}`;
  const join =
    ` LEFT JOIN (${factors}) AS maya_fx` +
    ` ON maya_fx.${q(FX_DAY)} = ${day} AND maya_fx.${q(FX_CURRENCY)} = ${q(currencies[0] as string)}`;
  return { money: { target, joined: true }, join };
}

/**
 * The aggregate of a money measure (before its divisor): converted with the joined factors; else
 * summed only where the rows share one currency (and, for an amount shown in the organization's
 * currency, only when that is it).
 */
export function moneyAggregate(
  dialect: SqlDialect,
  amount: Money,
  input: string,
  money: MoneySql,
): { sql: string; converted: boolean } {
  const currency = ident(dialect, amount.currency);
  if (amount.converted && money.joined) {
    const converted = `${input} * ${ident(dialect, FACTOR)}`;
    return {
      sql: `CASE WHEN COUNT(${input}) = COUNT(${converted}) THEN SUM(${converted}) END`,
      converted: true,
    };
  }
  const same = `MIN(${currency}) = MAX(${currency})`;
  const inTarget = amount.converted && money.target !== null ? ` AND MIN(${currency}) = ${money.target}` : '';
  return { sql: `CASE WHEN ${same}${inTarget} THEN SUM(${input}) END`, converted: false };
}

function currencyColumns(table: SemanticTable): string[] {
  const columns = new Set<string>();
  for (const m of table.measures) {
    if (m.kind === 'aggregate' && m.money?.converted === true) columns.add(m.money.currency);
  }
  return [...columns];
}

function dayColumn(dialect: SqlDialect, table: SemanticTable): string {
  if (table.timeDimension === null) throw new Error(`${table.name} has no day to convert money on`);
  const sql = dimension(table, table.timeDimension).sql;
  if (!('column' in sql)) throw new Error(`${table.name}: money converts on a day column`);
  return ident(dialect, sql.column);
}
