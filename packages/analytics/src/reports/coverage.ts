// Whether the data covers the period a KPI is compared with. A source connected later (or a
// provider that keeps 16 months, as Search Console does) leaves the previous period partly empty,
// and a change against it reads as growth that never happened ("+868.9 %").
import type { DateRange } from '@maya/contracts';
import { ident, tableRef, type SqlDialect } from '../models/dialect';
import { fromWhere, timeColumn, type CompileOptions, type ReportQuery } from './compile-query';
import { Params, sourceSql, type CompiledSql } from './report-sql';
import { readSource } from './rollup';
import { dimension, semanticTable, type SemanticModel, type SemanticTable } from './semantic-model';

/** The column of the sources' first days (compileSourceFirstDays). */
export const FIRST_DAY = 'first_day';

/** The sources' columns in both statements: `source_0`, `source_1`, … */
const sourceAlias = (i: number) => `source_${i}`;

function sourceColumns(dialect: SqlDialect, table: SemanticTable): string[] {
  return (table.sourceDimensions ?? []).map((name) => sourceSql(dialect, dimension(table, name).sql));
}

function selectSources(dialect: SqlDialect, sources: readonly string[]): string {
  return sources.map((sql, i) => `${sql} AS ${ident(dialect, sourceAlias(i))}`).join(', ');
}

/**
 * Each source's first day with data (the table's `sourceDimensions`; the whole table is one
 * source without them), over all its rows. It is a fact about the data, not about a query: a
 * campaign launched last week under an account whose data goes back years is new spend, a
 * change that happened, where an account connected last week has no data to compare with. It
 * binds nothing, so every KPI of the organization shares one answer until the next load (the
 * report cache), instead of each reading the table's whole history.
 */
export function compileSourceFirstDays(
  model: SemanticModel,
  tableName: string,
  dialect: SqlDialect,
  rollups: ReadonlySet<string> | null = null,
): CompiledSql {
  const table = semanticTable(model, tableName);
  const sources = sourceColumns(dialect, table);
  const firstDay = `MIN(${timeColumn(dialect, table)}) AS ${ident(dialect, FIRST_DAY)}`;
  const source = readSource(table, { dimensions: table.sourceDimensions ?? [] }, rollups);
  const from = tableRef(dialect, source.schema, source.table);
  if (sources.length === 0) return { sql: `SELECT ${firstDay} FROM ${from}`, params: [] };
  return {
    sql: `SELECT ${selectSources(dialect, sources)}, ${firstDay} FROM ${from} GROUP BY ${sources.join(', ')}`,
    params: [],
  };
}

/**
 * The sources with rows in the current period under the query's other filters (`query` carries
 * no date filter, kpi.ts withoutDateFilters): the ones whose data the comparison needs.
 */
export function compileSourcesInPeriod(
  model: SemanticModel,
  query: Pick<ReportQuery, 'table' | 'filters'>,
  current: DateRange,
  dialect: SqlDialect,
  options: CompileOptions,
): CompiledSql {
  const table = semanticTable(model, query.table);
  const params = new Params(dialect);
  const { from, where } = fromWhere(
    model,
    { ...query, dateRange: current },
    dialect,
    params,
    options,
    table.sourceDimensions ?? [],
  );
  const sources = sourceColumns(dialect, table);
  const sql =
    sources.length === 0
      ? `SELECT 1 AS ${ident(dialect, 'present')} FROM ${from}${where} LIMIT 1`
      : `SELECT ${selectSources(dialect, sources)} FROM ${from}${where} GROUP BY ${sources.join(', ')}`;
  return { sql, params: params.values };
}

type Row = Record<string, unknown>;

/** A source's identity in either statement's rows. */
function sourceKey(row: Row, count: number): string {
  return JSON.stringify(Array.from({ length: count }, (_, i) => row[sourceAlias(i)] ?? null));
}

/**
 * The first day from which every source with data in the current period has data: the latest of
 * their first days. Null when no source has data in the period.
 */
export function coveredFrom(
  model: SemanticModel,
  tableName: string,
  inPeriod: readonly Row[],
  firstDays: readonly Row[],
): string | null {
  const count = (semanticTable(model, tableName).sourceDimensions ?? []).length;
  const first = new Map(firstDays.map((row) => [sourceKey(row, count), row[FIRST_DAY]]));
  let latest: string | null = null;
  for (const row of inPeriod) {
    const day = first.get(sourceKey(row, count));
    if (typeof day === 'string' && (latest === null || day > latest)) latest = day;
  }
  return latest;
}

/**
 * Whether the previous period is covered as the current one is: false when a source's data
 * starts after the previous period does.
 */
export function previousCovered(coveredFrom: string | null, previous: DateRange): boolean {
  return coveredFrom === null || coveredFrom <= previous.from;
}
