import { unreachable } from '@maya/contracts';
// The report query compiler: measures by dimensions of one semantic table, under filters, a date
// range, a sort and a limit, as one SELECT of the warehouse's dialect. Identifiers come only from
// the model (an unknown name is an `unknown_field` error before any SQL is written) and every
// value is bound as a parameter.
import type { DateRange, DimensionRef, ReportColumn, ReportFilter, Sort, TimeGrain } from '@maya/contracts';
import { ident, type SqlDialect } from '../models/dialect';
import { unpackSql } from '../models/packed-key';
import { moneyAggregate, moneyContext, type MoneyOptions, type MoneySql } from './currency-sql';
import { isIsoDay } from './dates';
import { dateRangeCondition, filterCondition } from './filter-sql';
import { sourceFrom } from './side-tables';
import { formulaSql } from './formula/compile';
import {
  Params,
  countLiteral,
  safeDivide,
  sourceSql,
  toDouble,
  truncateDate,
  type CompiledSql,
} from './report-sql';
import {
  ReportQueryError,
  checkSemanticModel,
  dimension,
  measure,
  semanticTable,
  type Aggregation,
  type Dimension,
  type PackedPair,
  type SemanticModel,
  type SemanticTable,
} from './semantic-model';

export type ReportQuery = {
  /** The semantic table the query reads. */
  table: string;
  measures: readonly string[];
  /** Grouped by, in this order; a date dimension at its grain (null: day). */
  dimensions: readonly DimensionRef[];
  /** Each on a dimension of `table`. */
  filters: readonly ReportFilter[];
  /** Days of the table's time dimension, both included. */
  dateRange: DateRange | null;
  /** On selected fields; the remaining dimensions follow, ascending, for a stable order. */
  sort: readonly Sort[];
  limit: number | null;
  offset: number | null;
};

export type CompileOptions = {
  /** The instant relative dates are resolved against, in UTC. */
  now: Date;
  /**
   * The columns the warehouse's table has, when known: a packed column (SemanticTable.packed) is
   * grouped by only when listed, since a table built before it was added lacks it.
   */
  columns?: ReadonlySet<string> | null;
  /**
   * The organization's currency, which amounts are converted into, and whether the warehouse has
   * the rates to (reports/currency-sql.ts). Absent: amounts are summed only where the rows share
   * one currency.
   */
  money?: MoneyOptions | null;
  /**
   * The daily roll-ups (models/rollups.ts) the warehouse has in step with their models: a
   * statement reads one in place of its table where it can (reports/rollup.ts). Absent: none.
   */
  rollups?: ReadonlySet<string> | null;
};

export type CompiledReportQuery = CompiledSql & { columns: ReportColumn[] };

const checked = new WeakSet<SemanticModel>();

function checkedModel(model: SemanticModel): SemanticModel {
  if (!checked.has(model)) {
    checkSemanticModel(model);
    checked.add(model);
  }
  return model;
}

/**
 * A query's source and WHERE clause (empty when nothing filters), values bound to `params`. The
 * source joins the side tables of the dimensions the filters and `read` (the grouping) name, or
 * is the table's daily roll-up when that holds them and `measures` (rollup.ts).
 */
export function fromWhere(
  model: SemanticModel,
  query: Pick<ReportQuery, 'table' | 'filters' | 'dateRange'>,
  dialect: SqlDialect,
  params: Params,
  options: Pick<CompileOptions, 'now' | 'rollups'>,
  read: readonly string[] = [],
  measures: readonly string[] = [],
): { table: SemanticTable; from: string; where: string } {
  const { now } = options;
  const table = semanticTable(checkedModel(model), query.table);
  const conditions: string[] = [];
  if (query.dateRange !== null) {
    const { from, to } = query.dateRange;
    if (!isIsoDay(from) || !isIsoDay(to) || from > to) {
      throw new ReportQueryError('invalid_report_query', `invalid date range ${from} to ${to}`);
    }
    conditions.push(dateRangeCondition({ params }, timeColumn(dialect, table), query.dateRange));
  }
  // Only the filters that filter read their column: an empty list filter (every cluster column
  // has one on every report) neither joins a side table nor keeps a statement off a roll-up.
  const filtering: string[] = [];
  for (const filter of query.filters) {
    const condition = filterCondition({ dialect, table, params, now }, filter);
    if (condition === null) continue;
    conditions.push(condition);
    filtering.push(filter.column);
  }
  const from = sourceFrom(dialect, table, [...read, ...filtering], { measures, rollups: options.rollups });
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  return { table, from, where };
}

/** The time dimension's column, which date ranges apply to. */
export function timeColumn(dialect: SqlDialect, table: SemanticTable): string {
  if (table.timeDimension === null) {
    throw new ReportQueryError(
      'invalid_report_query',
      `table ${table.name} has no time dimension for a date range`,
    );
  }
  return sourceSql(dialect, dimension(table, table.timeDimension).sql);
}

export type SelectedDimension = { dim: Dimension; grain: TimeGrain | null; sql: string };

/** A dimension at a grain, checked: grains only on date dimensions that offer them. */
export function selectDimension(
  dialect: SqlDialect,
  table: SemanticTable,
  ref: DimensionRef,
): SelectedDimension {
  const dim = dimension(table, ref.name);
  const column = sourceSql(dialect, dim.sql);
  if (dim.type !== 'date') {
    if (ref.grain !== null) {
      throw new ReportQueryError(
        'invalid_report_query',
        `${dim.name} is not a date: it has no ${ref.grain} grain`,
      );
    }
    return { dim, grain: null, sql: column };
  }
  const grain = ref.grain ?? 'day';
  if (grain !== 'day' && !dim.grains.includes(grain)) {
    throw new ReportQueryError('invalid_report_query', `${dim.name} cannot be grouped by ${grain}`);
  }
  return { dim, grain, sql: truncateDate(dialect, column, grain) };
}

/** A measure's aggregate expression; ratios divide their two measures' expressions safely. */
export function measureSql(
  dialect: SqlDialect,
  table: SemanticTable,
  name: string,
  money: MoneySql = NO_MONEY,
): string {
  return typedMeasureSql(dialect, table, name, money).sql;
}

const NO_MONEY: MoneySql = { target: null, joined: false };

/**
 * The expression and whether it is a double already (a division), so that a ratio casts only
 * what is not: every node of the statement is work for the engine's binder and optimizer on each
 * run (DuckDB plans a statement with parameters again each time).
 */
function typedMeasureSql(
  dialect: SqlDialect,
  table: SemanticTable,
  name: string,
  money: MoneySql,
): { sql: string; double: boolean } {
  const m = measure(table, name);
  if (m.kind === 'formula') {
    const input = (part: string) => {
      const typed = typedMeasureSql(dialect, table, part, money);
      return typed.double ? typed.sql : toDouble(dialect, typed.sql);
    };
    return { sql: formulaSql(dialect, m.formula, input), double: true };
  }
  if (m.kind === 'ratio') {
    const double = (part: { sql: string; double: boolean }) =>
      part.double ? part.sql : toDouble(dialect, part.sql);
    const numerator = double(typedMeasureSql(dialect, table, m.numerator, money));
    const denominator = double(typedMeasureSql(dialect, table, m.denominator, money));
    return { sql: safeDivide(numerator, denominator), double: true };
  }
  const input = m.sql === null ? '*' : sourceSql(dialect, m.sql);
  // A converted sum is a double already (micros × factor); the others are integers to cast.
  const amount = m.money === undefined ? null : moneyAggregate(dialect, m.money, input, money);
  const aggregate = amount?.sql ?? aggregateSql(m.aggregation, input);
  if (m.divisor === null) return { sql: aggregate, double: amount?.converted === true };
  const dividend = amount?.converted === true ? aggregate : toDouble(dialect, aggregate);
  return { sql: `${dividend} / ${String(m.divisor)}`, double: true };
}

function aggregateSql(aggregation: Aggregation, input: string): string {
  switch (aggregation) {
    case 'sum':
      return `SUM(${input})`;
    case 'count':
      return `COUNT(${input})`;
    case 'count_distinct':
      return `COUNT(DISTINCT ${input})`;
    case 'min':
      return `MIN(${input})`;
    case 'max':
      return `MAX(${input})`;
    case 'avg':
      return `AVG(${input})`;
    default:
      return unreachable(aggregation);
  }
}

export function compileReportQuery(
  model: SemanticModel,
  query: ReportQuery,
  dialect: SqlDialect,
  options: CompileOptions,
): CompiledReportQuery {
  const params = new Params(dialect);
  // The target currency is bound first: its placeholder precedes the WHERE clause's.
  const { money, join } = moneyContext(
    dialect,
    semanticTable(checkedModel(model), query.table),
    query.measures,
    params,
    options.money ?? null,
  );
  const grouped = query.dimensions.map((ref) => ref.name);
  const { table, from, where } = fromWhere(model, query, dialect, params, options, grouped, query.measures);
  const selected = query.dimensions.map((ref) => selectDimension(dialect, table, ref));
  const packed = packedPair(table, selected, options.columns ?? null);
  const dims = packed === null ? selected : unpacked(dialect, packed, selected);
  const measures = query.measures.map((name) => ({
    m: measure(table, name),
    sql: measureSql(dialect, table, name, money),
  }));
  if (dims.length + measures.length === 0) {
    throw new ReportQueryError('invalid_report_query', 'a query needs a dimension or a measure');
  }
  const names = [...dims.map((d) => d.dim.name), ...measures.map((x) => x.m.name)];
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined)
    throw new ReportQueryError('invalid_report_query', `${repeated} is selected twice`);

  const alias = (name: string) => ident(dialect, name);
  const select = [
    ...dims.map((d) => `${d.sql} AS ${alias(d.dim.name)}`),
    ...measures.map((x) => `${x.sql} AS ${alias(x.m.name)}`),
  ];
  // Without measures the grouping gives each combination of dimension values once.
  const groupedBy = packed === null ? dims.map((d) => d.sql) : [ident(dialect, packed.column)];
  const groupBy = dims.length > 0 ? ` GROUP BY ${groupedBy.join(', ')}` : '';
  const expressions = new Map<string, string>([
    ...dims.map((d): [string, string] => [d.dim.name, d.sql]),
    ...measures.map((x): [string, string] => [x.m.name, x.sql]),
  ]);
  const order = orderBy(query.sort, expressions, dims);
  let sql = `SELECT ${select.join(', ')} FROM ${from}${join}${where}${groupBy}${order}`;
  if (query.limit !== null) sql += ` LIMIT ${countLiteral(query.limit, 'limit', 1)}`;
  if (query.offset !== null) {
    if (query.limit === null) throw new ReportQueryError('invalid_report_query', 'an offset needs a limit');
    sql += ` OFFSET ${countLiteral(query.offset, 'offset', 0)}`;
  }
  const columns: ReportColumn[] = [
    ...dims.map((d) => ({
      name: d.dim.name,
      label: d.dim.label,
      role: 'dimension' as const,
      type: d.dim.type,
      format: null,
      grain: d.grain,
    })),
    ...measures.map((x) => ({
      name: x.m.name,
      label: x.m.label,
      role: 'measure' as const,
      type: 'number' as const,
      format: x.m.format,
      grain: null,
    })),
  ];
  return { sql, params: params.values, columns };
}

/** The packed pair the dimensions are exactly (either order, no grain), if the table has it. */
function packedPair(
  table: SemanticTable,
  dims: readonly SelectedDimension[],
  columns: ReadonlySet<string> | null,
): PackedPair | null {
  if (columns === null || dims.length !== 2) return null;
  const names = new Set(dims.map((d) => d.dim.name));
  return (
    table.packed?.find((p) => columns.has(p.column) && p.dimensions.every((name) => names.has(name))) ?? null
  );
}

/** The dimensions read back from the packed column they are grouped by. */
function unpacked(
  dialect: SqlDialect,
  pair: PackedPair,
  dims: readonly SelectedDimension[],
): SelectedDimension[] {
  const column = ident(dialect, pair.column);
  return dims.map((d) => ({
    ...d,
    sql: unpackSql(dialect, column, d.dim.name === pair.dimensions[0] ? 0 : 1),
  }));
}

/**
 * ORDER BY the sorted fields' expressions (not their aliases, which some engines would read as
 * the source column of the same name), then the other dimensions ascending; NULLs last in every
 * engine.
 */
function orderBy(
  sort: readonly Sort[],
  expressions: ReadonlyMap<string, string>,
  dims: readonly SelectedDimension[],
): string {
  const terms: string[] = [];
  const used = new Set<string>();
  for (const s of sort) {
    const expression = expressions.get(s.field);
    if (expression === undefined) {
      throw new ReportQueryError(
        'unknown_field',
        `cannot sort by ${JSON.stringify(s.field)}: it is not selected`,
      );
    }
    if (used.has(s.field)) continue;
    used.add(s.field);
    terms.push(`${expression} ${s.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`);
  }
  for (const d of dims) {
    if (!used.has(d.dim.name)) terms.push(`${d.sql} ASC NULLS LAST`);
  }
  return terms.length > 0 ? ` ORDER BY ${terms.join(', ')}` : '';
}
