// The cluster editor's previews (spec 001 §2, §7): the column's values with the category's
// measures summed (`preview`), the items one value holds (`preview_value`, de-duplicated by the
// source's item columns), both ordered by a header, ascending or descending, NULLs last.
import type { Warehouse } from '@maya/warehouse/interface';
import { ident, type SqlDialect } from '../models/dialect';
import { currencyExponent } from '../models/money';
import { ClusterRuleError } from './errors';
import {
  LABEL,
  labelledRows,
  type PreviewMeasure,
  type PreviewQueryInput,
  type PreviewSource,
} from './preview-sql';
import type { CompiledSql, FieldType } from './types';
import { textOf } from './values';

export type PreviewHeader = { name: string; type: FieldType };
export type PreviewCell = string | number | boolean | null;
/** `data` rows are aligned with `headers`; money cells are minor units of the row's currency. */
export type PreviewTable = { headers: PreviewHeader[]; data: PreviewCell[][]; truncated: boolean };

export type PreviewOrder = {
  /** A header's name; by default the first money measure (else the first measure), descending. */
  orderBy?: string | null;
  direction?: 'asc' | 'desc' | null;
  /** At most this many rows (default 500, at most 10,000); `truncated` says whether there were more. */
  limit?: number;
  timeoutMs?: number;
};

export const CURRENCY_HEADER = 'Currency';
const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 10_000;
const DEFAULT_TIMEOUT_MS = 30_000;

type Output = { header: PreviewHeader; sql: string; money?: boolean };

export async function previewClusterColumn(
  warehouse: Warehouse,
  input: PreviewQueryInput & PreviewOrder,
): Promise<PreviewTable> {
  const outputs: Output[] = [{ header: { name: input.column.name, type: 'other' }, sql: LABEL }];
  return run(warehouse, input, outputs, null);
}

/** The items whose column value is `value` (null: the rows no rule set matches). */
export async function previewClusterValue(
  warehouse: Warehouse,
  input: PreviewQueryInput & PreviewOrder & { value: string | null },
): Promise<PreviewTable> {
  const outputs: Output[] = input.source.itemColumns.map((c) => ({
    header: { name: c.name, type: 'other' },
    sql: c.column,
  }));
  return run(warehouse, input, outputs, { value: input.value });
}

/** The preview's SQL and the headers it answers, for a dialect (exported for the tests). */
export function compilePreview(
  input: PreviewQueryInput & PreviewOrder,
  dialect: SqlDialect,
  keys: readonly Output[],
  filter: { value: string | null } | null,
): CompiledSql & { outputs: Output[]; limit: number } {
  const { source } = input;
  const q = (name: string) => ident(dialect, name);
  const base = labelledRows(
    input,
    dialect,
    keys.map((k) => k.sql).filter((c) => c !== LABEL),
  );
  const outputs: Output[] = [
    ...keys,
    ...(source.currencyColumn
      ? [{ header: { name: CURRENCY_HEADER, type: 'other' as const }, sql: source.currencyColumn }]
      : []),
  ];
  const groups = outputs.map((o) => q(o.sql));
  const measures = source.measures.map((m: PreviewMeasure): Output => ({
    header: { name: m.name, type: m.type },
    sql: `SUM(${q(m.column)})`,
    money: m.type === 'money',
  }));
  const all = [...outputs, ...measures];
  const select = all.map((o, i) => `${i < outputs.length ? q(o.sql) : o.sql} AS ${q(`c${i}`)}`).join(', ');
  const params = [...base.params];
  let where = '';
  if (filter) {
    if (filter.value === null) where = ` WHERE ${q(LABEL)} IS NULL`;
    else {
      params.push(filter.value);
      where = ` WHERE ${q(LABEL)} = $${params.length}`;
    }
  }
  const limit = checkedLimit(input.limit);
  const sortAt = sortColumn(all, input.orderBy, outputs.length);
  const direction = (input.direction ?? 'desc') === 'asc' ? 'ASC' : 'DESC';
  const order = [
    `${q(`c${sortAt}`)} ${direction} NULLS LAST`,
    ...outputs.map((_, i) => `${q(`c${i}`)} ASC NULLS LAST`).filter((_, i) => i !== sortAt),
  ].join(', ');
  const sql =
    `${base.sql} SELECT ${select} FROM ${q('labelled')}${where}` +
    ` GROUP BY ${groups.join(', ')} ORDER BY ${order} LIMIT ${limit + 1}`;
  return { sql, params, outputs: all, limit };
}

async function run(
  warehouse: Warehouse,
  input: PreviewQueryInput & PreviewOrder,
  keys: Output[],
  filter: { value: string | null } | null,
): Promise<PreviewTable> {
  const { sql, params, outputs, limit } = compilePreview(input, warehouse.engine, keys, filter);
  const result = await warehouse.query(sql, params, {
    timeoutMs: input.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRows: limit,
  });
  const currencyAt = outputs.findIndex((o) => o.header.name === CURRENCY_HEADER && !o.money);
  const data = result.rows.map((row) => {
    const currency = currencyAt < 0 ? null : row[`c${currencyAt}`];
    return outputs.map((o, i): PreviewCell => {
      const value = row[`c${i}`];
      if (o.money) return microsToMinor(value, typeof currency === 'string' ? currency : null);
      return cell(value);
    });
  });
  return { headers: outputs.map((o) => o.header), data, truncated: result.truncated };
}

function sortColumn(all: readonly Output[], orderBy: string | null | undefined, keys: number): number {
  if (orderBy === null || orderBy === undefined) {
    const money = all.findIndex((o) => o.money);
    return money >= 0 ? money : Math.min(keys, all.length - 1);
  }
  const at = all.findIndex((o) => o.header.name === orderBy);
  if (at < 0) throw new ClusterRuleError('invalid_order_by', `the preview has no column '${orderBy}'`);
  return at;
}

function checkedLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`limit must be a whole number ≥ 1, got ${limit}`);
  return Math.min(limit, MAX_LIMIT);
}

function cell(value: unknown): PreviewCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * An amount in micros as minor units of its currency, exactly (half away from zero), computed
 * on integers; null when the amount or the currency is missing.
 */
export function microsToMinor(value: unknown, currency: string | null): number | null {
  if (value === null || value === undefined || currency === null) return null;
  const whole = textOf(value).split('.')[0] ?? '0';
  const micros = BigInt(whole === '' || whole === '-' ? '0' : whole);
  const divisor = 10n ** BigInt(6 - currencyExponent(currency));
  const half = divisor / 2n;
  const minor = micros < 0n ? -((-micros + half) / divisor) : (micros + half) / divisor;
  return Number(minor);
}

export type { PreviewMeasure, PreviewQueryInput, PreviewSource };
