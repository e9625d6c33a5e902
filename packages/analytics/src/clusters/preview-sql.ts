// The shape every preview query shares: the category's table grouped by the columns the rules
// read (and what the preview shows per row), so that the rules run once per distinct value
// rather than once per row; then each cluster column up to the previewed one, in order, as a
// CASE over the grouped rows (decision 266).
import { assertIdentifier } from '@maya/warehouse/interface';
import { ident, tableRef, type SqlDialect } from '../models/dialect';
import { compileClusterColumn } from './compile';
import type { ClusterColumn, ClusterContext, CompiledSql } from './types';

/** A summed column of the preview: `numeric`, or `money` in micros of the row's currency. */
export type PreviewMeasure = { name: string; column: string; type: 'numeric' | 'money' };

/**
 * Where a category's preview reads: its table, the measures each value sums, the columns that
 * name one item in a value's preview (e.g. campaign and ad group names; for conversions
 * conversion_name and source_service, which de-duplicates them), and the currency column the
 * money measures are in.
 */
export type PreviewSource = {
  schema: string;
  table: string;
  itemColumns: { name: string; column: string }[];
  measures: PreviewMeasure[];
  currencyColumn: string | null;
};

export type PreviewQueryInput = ClusterContext & {
  /** The previewed column. */
  column: ClusterColumn;
  /** The category's earlier columns, in order: fields may read their `dbName`s. */
  earlierColumns?: readonly ClusterColumn[];
  source: PreviewSource;
};

export const LABEL = 'cluster_label';
export const ROWS = 'cluster_rows';

/**
 * `WITH grouped AS (...), c1 AS (...), ..., labelled AS (...)`: the grouped rows with every
 * earlier column and the previewed one (as `cluster_label`), and the columns grouped by.
 * Placeholders start at `$1`.
 */
export function labelledRows(
  input: PreviewQueryInput,
  dialect: SqlDialect,
  extraGroupColumns: readonly string[],
): CompiledSql & { groupColumns: string[] } {
  const { source } = input;
  const earlier = input.earlierColumns ?? [];
  const derived = new Set(earlier.map((c) => c.dbName));
  const used = usedColumns([...earlier, input.column], input);
  const groupColumns = unique([
    ...used.filter((c) => !derived.has(c)),
    ...extraGroupColumns,
    ...(source.currencyColumn ? [source.currencyColumn] : []),
  ]);
  groupColumns.forEach((c) => assertIdentifier(c, 'column'));
  const q = (name: string) => ident(dialect, name);
  const sums = source.measures.map((m) => `SUM(${q(m.column)}) AS ${q(m.column)}`);
  const select = [...groupColumns.map(q), `COUNT(*) AS ${q(ROWS)}`, ...sums].join(', ');
  const groupBy = groupColumns.length === 0 ? '' : ` GROUP BY ${groupColumns.map(q).join(', ')}`;
  const ctes = [
    `grouped AS (SELECT ${select} FROM ${tableRef(dialect, source.schema, source.table)}${groupBy})`,
  ];
  const params: unknown[] = [];
  let previous = 'grouped';
  [...earlier, input.column].forEach((column, index) => {
    const compiled = compileClusterColumn(column, { ...input, dialect, offset: params.length });
    params.push(...compiled.params);
    const name = index === earlier.length ? LABEL : column.dbName;
    const cte = index === earlier.length ? 'labelled' : `c${index + 1}`;
    ctes.push(`${cte} AS (SELECT ${q(previous)}.*, ${compiled.sql} AS ${q(name)} FROM ${q(previous)})`);
    previous = cte;
  });
  return { sql: `WITH ${ctes.join(', ')}`, params, groupColumns };
}

/** The physical or earlier-column names the columns' rules read (a saved column's `reads`). */
export function usedColumns(columns: readonly ClusterColumn[], context: ClusterContext): string[] {
  const fields = new Map(context.fields.map((f) => [f.id, f.column]));
  const used: string[] = [];
  for (const column of columns) {
    for (const ruleSet of column.ruleSets) {
      for (const rule of ruleSet.rules) {
        const name = fields.get(rule.field);
        if (name !== undefined) used.push(name);
      }
    }
  }
  return unique(used);
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
