// The values a list filter offers (spec 002 §7 Filter options: table, column, cursor → data,
// nextCursor): the distinct values of a dimension in order, blank first, a page at a time. The
// cursor is opaque to the client: base64url JSON of the last value sent, so that the next page
// starts after it (keyset paging: each value exactly once even while rows are loaded).
import type { FilterOptionsResponse, FilterValue, ReportFilter } from '@maya/contracts';
import { ident, type SqlDialect } from '../models/dialect';
import type { Row, Warehouse } from '@maya/warehouse/interface';
import { isIsoDay } from './dates';
import { filterCondition } from './filter-sql';
import { sourceFrom } from './side-tables';
import { Params, countLiteral, sourceSql, type CompiledSql } from './report-sql';
import {
  ReportQueryError,
  dimension,
  semanticTable,
  type Dimension,
  type SemanticModel,
} from './semantic-model';

export type FilterValuesRequest = {
  table: string;
  column: string;
  cursor: string | null;
  /** Values per page. */
  limit: number;
  /**
   * Only the values of the rows these filters keep (an embedded view's, applied as a visual's
   * are: filtersForTable); none by default. Relative dates resolve against `now`.
   */
  filters?: readonly ReportFilter[];
  now?: Date;
  /** The roll-ups the warehouse has in step with their models (CompileOptions.rollups). */
  rollups?: ReadonlySet<string> | null;
};

const CURSOR_VERSION = 1;
type Cursor = { v: number; t: string; c: string; a: FilterValue };

export function compileFilterValues(
  model: SemanticModel,
  request: FilterValuesRequest,
  dialect: SqlDialect,
): CompiledSql {
  const table = semanticTable(model, request.table);
  const dim = dimension(table, request.column);
  const column = sourceSql(dialect, dim.sql);
  const params = new Params(dialect);
  const conditions: string[] = [];
  if (request.cursor !== null) {
    const after = decodeFilterCursor(request.cursor, request, dim);
    conditions.push(after === null ? `${column} IS NOT NULL` : `${column} > ${params.bind(after, dim.type)}`);
  }
  const ctx = { dialect, table, params, now: request.now ?? new Date() };
  // As compile-query's fromWhere: only the filters that filter read their column.
  const read = [dim.name];
  for (const filter of request.filters ?? []) {
    const condition = filterCondition(ctx, filter);
    if (condition === null) continue;
    conditions.push(`(${condition})`);
    read.push(filter.column);
  }
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  const limit = countLiteral(request.limit, 'limit', 1);
  // One row more than the page tells whether another page follows.
  const sql =
    `SELECT ${column} AS ${ident(dialect, 'value')} FROM ${sourceFrom(dialect, table, read, { measures: [], rollups: request.rollups })}` +
    `${where} GROUP BY ${column} ORDER BY ${column} ASC NULLS FIRST LIMIT ${Number(limit) + 1}`;
  return { sql, params: params.values };
}

/** The page of values from the rows of `compileFilterValues`, and the cursor of the next page. */
export function filterValuesPage(rows: readonly Row[], request: FilterValuesRequest): FilterOptionsResponse {
  const data = rows.slice(0, request.limit).map((row) => toFilterValue(row.value));
  const last = data[data.length - 1];
  const nextCursor =
    rows.length > request.limit && last !== undefined ? encodeFilterCursor(request, last) : null;
  return { data, nextCursor };
}

function toFilterValue(value: unknown): FilterValue {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  // A boolean dimension's value; query results hold nothing else here.
  return JSON.stringify(value) ?? null;
}

export function encodeFilterCursor(
  request: Pick<FilterValuesRequest, 'table' | 'column'>,
  after: FilterValue,
): string {
  const cursor: Cursor = { v: CURSOR_VERSION, t: request.table, c: request.column, a: after };
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** The value a cursor starts after; `invalid_cursor` unless it was made for this column. */
export function decodeFilterCursor(
  text: string,
  request: Pick<FilterValuesRequest, 'table' | 'column'>,
  dim: Dimension,
): string | number | null {
  let cursor: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,4096}$/.test(text)) throw new Error('not base64url');
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new ReportQueryError('invalid_cursor', 'the cursor is not one this endpoint gave');
  }
  const { v, t, c, a } = (typeof cursor === 'object' && cursor !== null ? cursor : {}) as Partial<Cursor>;
  if (v !== CURSOR_VERSION || t !== request.table || c !== request.column) {
    throw new ReportQueryError(
      'invalid_cursor',
      `the cursor is not one of ${request.table}.${request.column}`,
    );
  }
  if (a === null) return null;
  const ok =
    dim.type === 'number'
      ? (typeof a === 'number' && Number.isFinite(a)) || (typeof a === 'string' && /^-?\d+$/.test(a))
      : typeof a === 'string' && (dim.type === 'string' || isIsoDay(a));
  if (!ok || a === undefined) {
    throw new ReportQueryError(
      'invalid_cursor',
      `the cursor holds no value of ${request.table}.${request.column}`,
    );
  }
  return a;
}

/** Runs one page of a list filter's values on the warehouse. */
export async function runFilterValues(
  warehouse: Warehouse,
  model: SemanticModel,
  request: FilterValuesRequest,
  timeoutMs: number,
): Promise<FilterOptionsResponse> {
  const compiled = compileFilterValues(model, request, warehouse.engine);
  const result = await warehouse.query(compiled.sql, compiled.params, { timeoutMs });
  return filterValuesPage(result.rows, request);
}
