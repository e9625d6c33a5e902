// The expenses in the organization's warehouse: `raw.expenses__days` (one row per expense and
// day), which every rebuild reads into `analytics.expenses` and `analytics.marketing_costs`; and
// the amounts converted as reports convert them (decision 181), for the list.
import { currencyDigits } from '@maya/contracts';
import { EXCHANGE_RATES, EXPENSE_DAYS, EXPENSES, MODEL_SCHEMA, ident, tableRef } from '@maya/analytics';
import { stagedTableName, type Warehouse } from '@maya/warehouse';
import { RAW_SCHEMA } from '../modelling';
import type { ExpenseRow } from './repository';
import { minorToMicros, spreadExpense } from './spread';

/** The warehouse rows of one expense: its days, in micros of its currency. */
export function expenseDayRows(expense: ExpenseRow): Record<string, unknown>[] {
  return spreadExpense(expense).map((day) => ({
    expense_id: expense.id,
    date: day.date,
    currency: expense.currencyCode,
    amount_micros: minorToMicros(day.amountMinor, expense.currencyCode).toString(),
    is_marketing_related: expense.isMarketingRelated,
    category: expense.category,
    subcategory: expense.subcategory,
    description: expense.description,
  }));
}

/**
 * Replaces one expense's days (none: deleted) atomically: the other expenses' rows are copied into
 * the staged twin inside the engine, this one's written, and the twin swapped in. Any failure
 * leaves the table as it was.
 */
export async function writeExpenseDays(
  warehouse: Warehouse,
  expenseId: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const staged = stagedTableName(EXPENSE_DAYS.name);
  await warehouse.ensureSchema(RAW_SCHEMA);
  await warehouse.createTable(RAW_SCHEMA, EXPENSE_DAYS);
  try {
    await warehouse.stage(RAW_SCHEMA, EXPENSE_DAYS.name, {
      except: [{ column: 'expense_id', equals: expenseId }],
    });
    if (rows.length > 0) {
      await warehouse.loadBatch(RAW_SCHEMA, EXPENSE_DAYS.name, [[...rows]], { staging: true });
    }
    await warehouse.swap(RAW_SCHEMA, staged, EXPENSE_DAYS.name);
  } catch (error) {
    await warehouse.dropTable(RAW_SCHEMA, staged).catch(() => undefined);
    throw error;
  }
}

/**
 * Each expense's amount in `target`, converted per day as reports convert (its days' micros ×
 * per_euro(target) / per_euro(currency) of the day, summed, rounded once to the target's minor
 * unit). An expense with a day lacking a rate has none (absent from the map).
 */
export async function convertedAmounts(warehouse: Warehouse, target: string): Promise<Map<string, number>> {
  const tables = new Set(await warehouse.listTables(MODEL_SCHEMA));
  if (!tables.has(EXPENSES.name) || !tables.has(EXCHANGE_RATES.name)) return new Map();
  const q = (name: string) => ident(warehouse.engine, name);
  const rates = tableRef(warehouse.engine, MODEL_SCHEMA, EXCHANGE_RATES.name);
  const expenses = tableRef(warehouse.engine, MODEL_SCHEMA, EXPENSES.name);
  const sql = `SELECT x.${q('expense_id')} AS ${q('expense_id')}, COUNT(*) AS ${q('days')},
  COUNT(f.${q('factor')}) AS ${q('rated')}, SUM(x.${q('amount_micros')} * f.${q('factor')}) AS ${q('micros')}
FROM ${expenses} AS x
LEFT JOIN (
  SELECT s.${q('rate_date')} AS ${q('day')}, s.${q('rate_currency')} AS ${q('currency')},
    t.${q('per_euro')} / s.${q('per_euro')} AS ${q('factor')}
  FROM ${rates} AS s INNER JOIN ${rates} AS t
    ON t.${q('rate_date')} = s.${q('rate_date')} AND t.${q('rate_currency')} = $1
) AS f ON f.${q('day')} = x.${q('date')} AND f.${q('currency')} = x.${q('currency')}
GROUP BY x.${q('expense_id')}`;
  const { rows } = await warehouse.query(sql, [target], { timeoutMs: 30_000 });
  const scale = 10 ** (6 - currencyDigits(target));
  const converted = new Map<string, number>();
  for (const row of rows) {
    if (Number(row.days) !== Number(row.rated) || row.micros === null) continue;
    converted.set(String(row.expense_id), Math.round(Number(row.micros) / scale));
  }
  return converted;
}
