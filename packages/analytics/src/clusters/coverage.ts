// Beyond the spec: before saving, what a column's rules cover (decision 267). Per value (the
// rule sets giving it), the rows and the spend it takes; the rows no rule set matches; and the
// most frequent items among those, so a user sees what to write a rule for next.
import type { Warehouse } from '@maya/warehouse/interface';
import { ident } from '../models/dialect';
import { LABEL, ROWS, labelledRows, type PreviewQueryInput } from './preview-sql';
import { microsToMinor } from './preview';
import type { CompiledSql } from './types';
import { textOf } from './values';

/** An amount in minor units of its currency; amounts in two currencies are never added. */
export type MoneyAmount = { currency: string; minor: number };

export type CoverageValue = {
  /** The "then" value; null for the rows no rule set matches. */
  value: string | null;
  ruleSetIds: string[];
  rows: number;
  spend: MoneyAmount[];
};

export type UnmatchedItem = { item: Record<string, string | null>; rows: number; spend: MoneyAmount[] };

export type ClusterCoverage = {
  /** One entry per distinct "then" value, in rule-set order, then the unmatched rows (value null). */
  values: CoverageValue[];
  totalRows: number;
  /** The unmatched items with the most rows, most first. */
  topUnmatched: UnmatchedItem[];
};

const DEFAULT_TOP = 10;

export async function clusterCoverage(
  warehouse: Warehouse,
  input: PreviewQueryInput & { top?: number; timeoutMs?: number },
): Promise<ClusterCoverage> {
  const opts = { timeoutMs: input.timeoutMs ?? 30_000 };
  const { byValue, unmatched } = compileCoverage(input, warehouse.engine, input.top ?? DEFAULT_TOP);
  const [values, items] = await Promise.all([
    warehouse.query(byValue.sql, byValue.params, opts),
    warehouse.query(unmatched.sql, unmatched.params, opts),
  ]);
  const entries = new Map<string | null, CoverageValue>();
  for (const ruleSet of input.column.ruleSets) {
    const entry = entries.get(ruleSet.name) ?? { value: ruleSet.name, ruleSetIds: [], rows: 0, spend: [] };
    entry.ruleSetIds.push(ruleSet.id);
    entries.set(ruleSet.name, entry);
  }
  const none: CoverageValue = { value: null, ruleSetIds: [], rows: 0, spend: [] };
  let totalRows = 0;
  for (const row of values.rows) {
    const label = row.label as string | null;
    const entry = label === null ? none : entries.get(label);
    if (!entry) continue;
    const rows = Number(row.rows);
    entry.rows += rows;
    totalRows += rows;
    addSpend(entry.spend, row.currency, row.spend);
  }
  const itemColumns = input.source.itemColumns;
  const grouped = new Map<string, UnmatchedItem>();
  for (const row of items.rows) {
    const item = Object.fromEntries(itemColumns.map((c, i) => [c.name, text(row[`i${i}`])]));
    const key = JSON.stringify(item);
    const entry = grouped.get(key) ?? { item, rows: 0, spend: [] };
    entry.rows = Number(row.total_rows);
    addSpend(entry.spend, row.currency, row.spend);
    grouped.set(key, entry);
  }
  return { values: [...entries.values(), none], totalRows, topUnmatched: [...grouped.values()] };
}

function addSpend(spend: MoneyAmount[], currency: unknown, micros: unknown): void {
  if (typeof currency !== 'string') return;
  const minor = microsToMinor(micros, currency);
  if (minor === null) return;
  const existing = spend.find((s) => s.currency === currency);
  if (existing) existing.minor += minor;
  else spend.push({ currency, minor });
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : textOf(value);
}

/**
 * Two statements: rows and spend per value and currency; and the `top` unmatched items by rows
 * (each item's spend per currency beside it).
 */
export function compileCoverage(
  input: PreviewQueryInput,
  dialect: Warehouse['engine'],
  top: number,
): { byValue: CompiledSql; unmatched: CompiledSql } {
  if (!Number.isInteger(top) || top < 1 || top > 1000) throw new Error(`top must be 1 to 1000, got ${top}`);
  const q = (name: string) => ident(dialect, name);
  const { source } = input;
  const money = source.measures.find((m) => m.type === 'money');
  const currency = source.currencyColumn && money ? q(source.currencyColumn) : 'NULL';
  const spend = money ? `SUM(${q(money.column)})` : 'NULL';
  const items = source.itemColumns.map((c) => c.column);

  const base = labelledRows(input, dialect, []);
  const byCurrency = source.currencyColumn && money ? `, ${currency}` : '';
  const byValue = {
    sql:
      `${base.sql} SELECT ${q(LABEL)} AS ${q('label')}, ${currency} AS ${q('currency')},` +
      ` SUM(${q(ROWS)}) AS ${q('rows')}, ${spend} AS ${q('spend')}` +
      ` FROM ${q('labelled')} GROUP BY ${q(LABEL)}${byCurrency}`,
    params: base.params,
  };

  const withItems = labelledRows(input, dialect, items);
  const itemIds = items.map((_, i) => q(`i${i}`));
  const keys = [...items.map(q), ...(byCurrency ? [currency] : [])];
  const perItem =
    `SELECT ${[...items.map((c, i) => `${q(c)} AS ${q(`i${i}`)}`), `${currency} AS ${q('currency')}`].join(', ')},` +
    ` SUM(${q(ROWS)}) AS ${q('rows')}, ${spend} AS ${q('spend')} FROM ${q('labelled')}` +
    ` WHERE ${q(LABEL)} IS NULL${keys.length ? ` GROUP BY ${keys.join(', ')}` : ''}`;
  const topItems =
    `SELECT ${[...itemIds, `SUM(${q('rows')}) AS ${q('total_rows')}`].join(', ')} FROM ${q('per_item')}` +
    `${itemIds.length ? ` GROUP BY ${itemIds.join(', ')}` : ''}` +
    ` ORDER BY ${[`${q('total_rows')} DESC`, ...itemIds.map((i) => `${i} ASC NULLS LAST`)].join(', ')} LIMIT ${top}`;
  const on = itemIds.map((i) => `${q('p')}.${i} IS NOT DISTINCT FROM ${q('t')}.${i}`).join(' AND ') || 'TRUE';
  const unmatched = {
    sql:
      `${withItems.sql}, ${q('per_item')} AS (${perItem}), ${q('top_items')} AS (${topItems})` +
      ` SELECT ${q('p')}.*, ${q('t')}.${q('total_rows')} FROM ${q('per_item')} ${q('p')}` +
      ` JOIN ${q('top_items')} ${q('t')} ON ${on}` +
      ` ORDER BY ${[`${q('t')}.${q('total_rows')} DESC`, ...itemIds.map((i) => `${q('p')}.${i} ASC NULLS LAST`)].join(', ')}`,
    params: withItems.params,
  };
  return { byValue, unmatched };
}
