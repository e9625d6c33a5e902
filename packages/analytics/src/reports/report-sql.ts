import { unreachable } from '@maya/contracts';
// The SQL of report queries that differs between engines: date truncation, text matching and the
// double type of divisions. Every statement uses the product's `$n` placeholders, which each
// adapter binds in its own way (Warehouse.query), and casts each bound value to its type, since
// BigQuery compares a DATE only with a DATE and PostgreSQL cannot infer a type inside LOWER().
import type { DimensionType, TimeGrain } from '@maya/contracts';
import { cast, ident, type SqlDialect } from '../models/dialect';
import { quoteTemplate } from '../models/model';
import type { ColumnType } from '@maya/warehouse/interface';
import { ReportQueryError, type SqlSource } from './semantic-model';

export type CompiledSql = { sql: string; params: unknown[] };

/** Collects the values of one statement; `bind` returns the placeholder, cast to the type. */
export class Params {
  readonly values: unknown[] = [];

  constructor(readonly dialect: SqlDialect) {}

  bind(value: string | number, type: DimensionType): string {
    this.values.push(value);
    return cast(this.dialect, `$${this.values.length}`, columnType(type));
  }
}

export function columnType(type: DimensionType): ColumnType {
  switch (type) {
    case 'string':
      return 'string';
    case 'date':
      return 'date';
    case 'number':
      return 'double';
    default:
      return unreachable(type);
  }
}

/** A dimension's or measure's column or expression in the dialect. */
export function sourceSql(dialect: SqlDialect, source: SqlSource): string {
  return 'column' in source
    ? ident(dialect, source.column)
    : `(${quoteTemplate(dialect, source.expression)})`;
}

/** The first day of the grain's period containing the date (weeks start on Monday). */
export function truncateDate(dialect: SqlDialect, expression: string, grain: TimeGrain): string {
  if (grain === 'day') return expression;
  switch (dialect) {
    case 'duckdb':
    case 'databricks':
      return `CAST(DATE_TRUNC('${grain}', ${expression}) AS DATE)`;
    case 'postgres':
      // DATE_TRUNC of a date would go through timestamptz and the session's time zone.
      return `CAST(DATE_TRUNC('${grain}', CAST(${expression} AS TIMESTAMP)) AS DATE)`;
    case 'bigquery':
      return `DATE_TRUNC(${expression}, ${grain === 'week' ? 'ISOWEEK' : grain.toUpperCase()})`;
    default:
      return unreachable(dialect);
  }
}

/**
 * numerator / denominator, NULL when the denominator is 0. Both must be doubles (toDouble) for a
 * division without truncation; the numerator is a call, a cast or a division, which `/` takes
 * from the left as written.
 */
export function safeDivide(numerator: string, denominator: string): string {
  return `${numerator} / NULLIF(${denominator}, 0)`;
}

export function toDouble(dialect: SqlDialect, expression: string): string {
  return cast(dialect, expression, 'double');
}

/** Whether `text` contains `part` (both already lower-cased by the caller). */
export function containsSql(dialect: SqlDialect, text: string, part: string): string {
  switch (dialect) {
    case 'duckdb':
    case 'postgres':
    case 'bigquery':
      return `STRPOS(${text}, ${part}) > 0`;
    case 'databricks':
      return `INSTR(${text}, ${part}) > 0`;
    default:
      return unreachable(dialect);
  }
}

export function startsWithSql(dialect: SqlDialect, text: string, prefix: string): string {
  switch (dialect) {
    case 'duckdb':
    case 'postgres':
    case 'bigquery':
      return `STARTS_WITH(${text}, ${prefix})`;
    case 'databricks':
      return `STARTSWITH(${text}, ${prefix})`;
    default:
      return unreachable(dialect);
  }
}

/** A count for LIMIT or OFFSET, written as digits: it is checked here to be a safe integer. */
export function countLiteral(value: number, what: string, min: number): string {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new ReportQueryError(
      'invalid_report_query',
      `${what} must be an integer of at least ${min}, got ${String(value)}`,
    );
  }
  return String(value);
}
