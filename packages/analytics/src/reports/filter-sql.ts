// Report filters as WHERE conditions. Every value is bound (Params); the SQL text holds only the
// model's identifiers, operators and the placeholders. Text conditions ignore case, as the
// report editor's do; "is not" and "does not contain" keep blank rows, as exclusion does.
import {
  ReportFilterSchema,
  type AdvancedDateFilter,
  type DateRange,
  type ReportFilter,
  type FilterValue,
  unreachable,
} from '@maya/contracts';
import type { SqlDialect } from '../models/dialect';
import { isIsoDay, resolveRelativeDate } from './dates';
import { containsSql, sourceSql, startsWithSql, type Params } from './report-sql';
import { ReportQueryError, dimension, type Dimension, type SemanticTable } from './semantic-model';

export type FilterContext = {
  dialect: SqlDialect;
  table: SemanticTable;
  params: Params;
  now: Date;
};

/** The filter's condition, or null when it keeps every row (a list filter without values). */
export function filterCondition(ctx: FilterContext, input: ReportFilter): string | null {
  const parsed = ReportFilterSchema.safeParse(input);
  if (!parsed.success) {
    throw new ReportQueryError(
      'invalid_report_query',
      `invalid filter: ${parsed.error.issues[0]?.message ?? ''}`,
    );
  }
  const filter = parsed.data;
  if (filter.table !== ctx.table.name) {
    throw new ReportQueryError(
      'unknown_field',
      `filter ${filter.id} is on table ${filter.table}; the query reads ${ctx.table.name}`,
    );
  }
  const dim = dimension(ctx.table, filter.column);
  const column = sourceSql(ctx.dialect, dim.sql);
  switch (filter.kind) {
    case 'list':
      return listCondition(ctx, dim, column, filter.mode, filter.values);
    case 'relative_date':
      expectType(dim, 'date', filter.kind);
      return dateRangeCondition(ctx, column, resolveRelativeDate(filter, ctx.now));
    case 'advanced_date': {
      expectType(dim, 'date', filter.kind);
      // Both conditions hold ("and"), as the WHERE clause's conditions are joined.
      const second = filter.and ?? null;
      const conditions = second === null ? [filter] : [filter, second];
      return conditions.map((c) => dateCondition(ctx, column, c)).join(' AND ');
    }
    case 'advanced_text':
      expectType(dim, 'string', filter.kind);
      return textCondition(ctx, column, filter.operator, filter.value);
    default:
      return unreachable(filter);
  }
}

/** `from <= column <= to`, both days bound. */
export function dateRangeCondition(
  ctx: Pick<FilterContext, 'params'>,
  column: string,
  range: DateRange,
): string {
  return `${column} >= ${ctx.params.bind(range.from, 'date')} AND ${column} <= ${ctx.params.bind(range.to, 'date')}`;
}

/**
 * One condition of an advanced date filter. A date dimension holds days: the date-time's day is
 * compared, its time ignored (is after 30 June 12:00: from 1 July; is before 1 October: up to
 * 30 September).
 */
function dateCondition(
  ctx: FilterContext,
  column: string,
  condition: Pick<AdvancedDateFilter, 'operator' | 'value'>,
): string {
  const day = ctx.params.bind(condition.value.slice(0, 10), 'date');
  const operator = condition.operator;
  switch (operator) {
    case 'is':
      return `${column} = ${day}`;
    case 'is_not':
      return `(${column} IS NULL OR ${column} <> ${day})`;
    case 'is_before':
      return `${column} < ${day}`;
    case 'is_after':
      return `${column} > ${day}`;
    default:
      return unreachable(operator);
  }
}

function expectType(dim: Dimension, type: Dimension['type'], kind: string): void {
  if (dim.type !== type) {
    throw new ReportQueryError(
      'invalid_report_query',
      `a ${kind.replace('_', ' ')} filter needs a ${type} dimension; ${dim.name} is a ${dim.type}`,
    );
  }
}

function listCondition(
  ctx: FilterContext,
  dim: Dimension,
  column: string,
  mode: 'include' | 'exclude',
  values: readonly FilterValue[],
): string | null {
  if (values.length === 0) return null;
  const blank = values.includes(null);
  const present = values.filter((v): v is string | number => v !== null).map((v) => checkValue(dim, v));
  const list =
    present.length > 0
      ? `${column} IN (${present.map((v) => ctx.params.bind(v, dim.type)).join(', ')})`
      : null;
  if (mode === 'include') {
    if (list === null) return `${column} IS NULL`;
    return blank ? `(${list} OR ${column} IS NULL)` : list;
  }
  if (list === null) return `${column} IS NOT NULL`;
  return blank ? `(${column} IS NOT NULL AND NOT (${list}))` : `(${column} IS NULL OR NOT (${list}))`;
}

/** A list value must be of the dimension's type: a string, a finite number, or a YYYY-MM-DD day. */
export function checkValue(dim: Dimension, value: string | number): string | number {
  const ok =
    dim.type === 'number'
      ? typeof value === 'number' && Number.isFinite(value)
      : typeof value === 'string' && (dim.type === 'string' || isIsoDay(value));
  if (!ok) {
    throw new ReportQueryError(
      'invalid_report_query',
      `${JSON.stringify(value)} is not a value of the ${dim.type} dimension ${dim.name}`,
    );
  }
  return value;
}

function textCondition(
  ctx: FilterContext,
  column: string,
  operator: Extract<ReportFilter, { kind: 'advanced_text' }>['operator'],
  value: string | null,
): string {
  const lowered = `LOWER(${column})`;
  const text = () => `LOWER(${ctx.params.bind(value ?? '', 'string')})`;
  switch (operator) {
    case 'contains':
      return containsSql(ctx.dialect, lowered, text());
    case 'does_not_contain':
      return `(${column} IS NULL OR NOT (${containsSql(ctx.dialect, lowered, text())}))`;
    case 'starts_with':
      return startsWithSql(ctx.dialect, lowered, text());
    case 'is':
      return `${lowered} = ${text()}`;
    case 'is_not':
      return `(${column} IS NULL OR ${lowered} <> ${text()})`;
    case 'is_blank':
      return `(${column} IS NULL OR ${column} = '')`;
    case 'is_not_blank':
      return `(${column} IS NOT NULL AND ${column} <> '')`;
    default:
      return unreachable(operator);
  }
}
