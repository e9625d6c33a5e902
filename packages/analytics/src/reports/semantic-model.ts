// The semantic model reports are written against: tables over warehouse tables, each with its
// dimensions (what rows are grouped and filtered by) and measures (what is aggregated). Report
// documents name only these; the compiler turns the names into SQL, so that a report never holds
// SQL and an unknown name never reaches the engine.
import type {
  DimensionType,
  MeasureFormat,
  PartialReason,
  ReportErrorType,
  TimeGrain,
} from '@maya/contracts';
import { assertIdentifier, type ColumnType } from '@maya/warehouse/interface';
import { formulaMeasures, type FormulaNode } from './formula/parse';

export type ReportQueryErrorType = Exclude<ReportErrorType, 'invalid_report_state' | 'column_not_ready'>;

/** A report query the model cannot answer; `type` is the API's error type. */
export class ReportQueryError extends Error {
  override readonly name = 'ReportQueryError';
  readonly type: ReportQueryErrorType;

  constructor(type: ReportQueryErrorType, message: string) {
    super(message);
    this.type = type;
  }
}

/**
 * A column of the source table, or a SQL expression over its columns written with `{column}`
 * placeholders (quoted per dialect, as the canonical models do). Expressions are the model
 * author's, never a user's.
 */
export type SqlSource = { column: string } | { expression: string };

export type Dimension = {
  name: string;
  label: string;
  type: DimensionType;
  sql: SqlSource;
  /** Date dimensions: the grains rows can be grouped by (day is the column itself). */
  grains: readonly TimeGrain[];
};

/** An amount's currency column, and whether it is shown converted (Measure.money). */
export type Money = { currency: string; converted: boolean };

export type Aggregation = 'sum' | 'count' | 'count_distinct' | 'min' | 'max' | 'avg';

export type Measure = {
  name: string;
  label: string;
  format: MeasureFormat;
} & (
  | {
      kind: 'aggregate';
      aggregation: Aggregation;
      /** What is aggregated; null counts rows (`count` only). */
      sql: SqlSource | null;
      /** The aggregate is divided by this (1,000,000 for micros), as a double; null: as is. */
      divisor: number | null;
      /**
       * An amount of money (a `sum`): `currency` is the column holding each row's ISO currency.
       * `converted`: shown in the organization's currency, converted per day of the table's time
       * dimension (reports/currency-sql.ts); otherwise in the rows' own currency, and NULL where
       * the rows aggregated hold several. Absent: not money.
       */
      money?: Money;
    }
  | {
      /** numerator / denominator of two measures of the table; NULL when the denominator is 0. */
      kind: 'ratio';
      numerator: string;
      denominator: string;
    }
  | {
      /**
       * A calculated metric (formula/parse.ts): the four operations over measures of the table
       * and numbers, each division NULL when its denominator is 0. `text` is what the user wrote.
       */
      kind: 'formula';
      text: string;
      formula: FormulaNode;
    }
);

/** The measures a measure is computed from (none for an aggregate). */
export function measureInputs(m: Measure): readonly string[] {
  switch (m.kind) {
    case 'aggregate':
      return [];
    case 'ratio':
      return [m.numerator, m.denominator];
    case 'formula':
      return formulaMeasures(m.formula);
  }
}

export type SemanticTable = {
  name: string;
  label: string;
  /** The warehouse table it reads. */
  source: { schema: string; table: string };
  /** The date dimension date ranges, relative dates and KPI periods apply to; null if none. */
  timeDimension: string | null;
  dimensions: readonly Dimension[];
  measures: readonly Measure[];
  /**
   * Pairs of text dimensions the source table also holds as one packed column (models/
   * packed-key.ts): a query grouping by exactly the pair groups by that column, when the
   * warehouse's table has it.
   */
  packed?: readonly PackedPair[];
  /**
   * The dimensions that tell the data sources apart (service and account): each starts its
   * history when it was connected, so a comparison checks every source covers the previous
   * period (coverage.ts). Absent: the table is one source.
   */
  sourceDimensions?: readonly string[];
  /** Why the table's rows add up to less than the source's totals (the query answer's `partial`). */
  partial?: PartialReason;
  /**
   * Side tables whose columns are dimensions of this table (an organization's cluster columns,
   * decision 500): joined to the source only when a query reads one of their columns.
   */
  sideTables?: readonly SideTable[];
  /**
   * The source's daily roll-ups (models/rollups.ts, decision 810), coarsest first: each table
   * beside the source and the columns it holds. A statement that reads only those of one, and
   * sums, reads the first such instead (rollup.ts).
   */
  rollups?: readonly TableRollup[];
};

/**
 * A table beside the source, in its schema, with one row per distinct tuple of the source's
 * `keys` (columns of both tables, same names and types) and the `columns` dimensions read as
 * `{ column }`. A source row without a side row reads NULL there (LEFT JOIN; NULL keys match).
 */
export type SideTable = {
  table: string;
  keys: readonly { column: string; type: ColumnType }[];
  columns: readonly string[];
};

/** A roll-up of a semantic table's source: its table, beside the source, and its columns. */
export type TableRollup = { table: string; columns: readonly string[] };

/** `dimensions` are the packed column's parts, in its order. */
export type PackedPair = { column: string; dimensions: readonly [string, string] };

export type SemanticModel = {
  name: string;
  label: string;
  tables: readonly SemanticTable[];
};

export function semanticTable(model: SemanticModel, name: string): SemanticTable {
  const table = model.tables.find((t) => t.name === name);
  if (table === undefined) {
    throw new ReportQueryError(
      'unknown_field',
      `the ${model.name} model has no table ${JSON.stringify(name)}`,
    );
  }
  return table;
}

export function findDimension(table: SemanticTable, name: string): Dimension | null {
  return table.dimensions.find((d) => d.name === name) ?? null;
}

export function dimension(table: SemanticTable, name: string): Dimension {
  const found = findDimension(table, name);
  if (found === null) {
    throw new ReportQueryError(
      'unknown_field',
      `table ${table.name} has no dimension ${JSON.stringify(name)}`,
    );
  }
  return found;
}

export function measure(table: SemanticTable, name: string): Measure {
  const found = table.measures.find((m) => m.name === name);
  if (found === undefined) {
    throw new ReportQueryError('unknown_field', `table ${table.name} has no measure ${JSON.stringify(name)}`);
  }
  return found;
}

/**
 * A model's own consistency, checked before any use: identifiers, names unique within a table
 * (dimensions and measures share the result's columns), grains on date dimensions only, the
 * time dimension a date, ratios of existing measures without cycles, positive divisors.
 */
export function checkSemanticModel(model: SemanticModel): void {
  assertIdentifier(model.name, 'model name');
  const tableNames = new Set<string>();
  for (const table of model.tables) {
    const where = `${model.name}.${table.name}`;
    assertIdentifier(table.name, 'table name');
    assertIdentifier(table.source.schema, 'schema');
    assertIdentifier(table.source.table, 'table');
    for (const rollup of table.rollups ?? []) {
      assertIdentifier(rollup.table, 'table');
      for (const column of rollup.columns) assertIdentifier(column, `column of ${rollup.table}`);
    }
    if (tableNames.has(table.name)) throw new Error(`${model.name} repeats table ${table.name}`);
    tableNames.add(table.name);
    const names = new Set<string>();
    for (const field of [...table.dimensions, ...table.measures]) {
      assertIdentifier(field.name, 'field name');
      if (names.has(field.name)) throw new Error(`${where} repeats the field ${field.name}`);
      names.add(field.name);
    }
    for (const d of table.dimensions) {
      checkSource(d.sql, `${where}.${d.name}`);
      if (d.type !== 'date' && d.grains.length > 0)
        throw new Error(`${where}.${d.name} has grains but is no date`);
    }
    if (table.timeDimension !== null && findDimension(table, table.timeDimension)?.type !== 'date') {
      throw new Error(`${where}: the time dimension ${table.timeDimension} is not a date dimension`);
    }
    for (const m of table.measures) checkMeasure(table, m, `${where}.${m.name}`);
    for (const m of table.measures) checkAcyclic(table, m.name, []);
    for (const pair of table.packed ?? []) checkPacked(table, pair, where);
    for (const side of table.sideTables ?? []) checkSideTable(side, where);
  }
}

function checkSideTable(side: SideTable, where: string): void {
  assertIdentifier(side.table, `side table of ${where}`);
  for (const key of side.keys) assertIdentifier(key.column, `key of ${where}.${side.table}`);
  for (const column of side.columns) assertIdentifier(column, `column of ${where}.${side.table}`);
}

function checkPacked(table: SemanticTable, pair: PackedPair, where: string): void {
  assertIdentifier(pair.column, `packed column of ${where}`);
  const [first, second] = pair.dimensions.map((name) => findDimension(table, name));
  if (first === second || ![first, second].every((d) => d?.type === 'string' && 'column' in d.sql)) {
    throw new Error(`${where}: ${pair.column} packs two text dimensions over columns`);
  }
}

function checkSource(sql: SqlSource | null, where: string): void {
  if (sql !== null && 'column' in sql) assertIdentifier(sql.column, `column of ${where}`);
}

function checkMeasure(table: SemanticTable, m: Measure, where: string): void {
  if (m.kind !== 'aggregate') {
    measureInputs(m).forEach((name) => measure(table, name));
    return;
  }
  checkSource(m.sql, where);
  if (m.sql === null && m.aggregation !== 'count')
    throw new Error(`${where}: only count may omit its column`);
  if (m.divisor !== null && !(Number.isFinite(m.divisor) && m.divisor > 0)) {
    throw new Error(`${where}: the divisor must be a positive number`);
  }
  if (m.money !== undefined) {
    assertIdentifier(m.money.currency, `currency column of ${where}`);
    if (m.aggregation !== 'sum') throw new Error(`${where}: money is summed`);
    if (m.money.converted && table.timeDimension === null) {
      throw new Error(`${where}: converting money per day needs the table's time dimension`);
    }
  }
}

function checkAcyclic(table: SemanticTable, name: string, path: readonly string[]): void {
  if (path.includes(name))
    throw new Error(`${table.name}: measures ${[...path, name].join(' → ')} form a cycle`);
  const m = measure(table, name);
  for (const input of measureInputs(m)) checkAcyclic(table, input, [...path, name]);
}
