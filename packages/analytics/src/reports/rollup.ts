// Which table a statement reads: a semantic table's daily roll-up (models/rollups.ts, decision
// 810) in place of its source whenever the roll-up holds every column the statement reads and
// every measure is a sum (a sum of daily sums is the sum; a count, an average or a distinct
// count of them is not). Money converts per day and currency, both kept, so converted amounts
// are the same. A roll-up is read only when the warehouse has it in step with its model
// (`rollups`: the engine checks its columns); otherwise, and for everything else, the source.
import { measureInputs, type TableRollup, type SemanticTable, type SqlSource } from './semantic-model';

/** What a statement reads of a table: dimensions (grouped or filtered by) and measures. */
export type TableReads = { dimensions: Iterable<string>; measures?: readonly string[] };

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g;

/** The source columns a dimension or measure reads. */
function columnsOf(sql: SqlSource): string[] {
  if ('column' in sql) return [sql.column];
  return [...sql.expression.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** The table's source, or the first of its roll-ups the statement can read there. */
export function readSource(
  table: SemanticTable,
  reads: TableReads,
  rollups: ReadonlySet<string> | null | undefined,
): SemanticTable['source'] {
  if (rollups === null || rollups === undefined || rollups.size === 0) return table.source;
  const dimensions = [...reads.dimensions];
  const chosen = (table.rollups ?? []).find(
    (rollup) => rollups.has(rollup.table) && holdsAll(table, rollup, dimensions, reads.measures ?? []),
  );
  return chosen === undefined ? table.source : { schema: table.source.schema, table: chosen.table };
}

function holdsAll(
  table: SemanticTable,
  rollup: TableRollup,
  dimensions: readonly string[],
  measures: readonly string[],
): boolean {
  const held = new Set(rollup.columns);
  const holds = (sql: SqlSource) => columnsOf(sql).every((column) => held.has(column));
  // The day is always read: date ranges, and the day each amount is converted on.
  const time = table.timeDimension === null ? [] : [table.timeDimension];
  for (const name of [...time, ...dimensions]) {
    const dim = table.dimensions.find((d) => d.name === name);
    // An unknown name stays the source's, for the compiler to refuse as before.
    if (dim === undefined || !holds(dim.sql)) return false;
  }
  // A packed column the compiler may group by in place of its two dimensions (packed-key.ts).
  for (const pair of table.packed ?? []) {
    if (pair.dimensions.every((name) => dimensions.includes(name)) && !held.has(pair.column)) return false;
  }
  const summable = (name: string): boolean => {
    const m = table.measures.find((candidate) => candidate.name === name);
    if (m === undefined) return false;
    if (m.kind !== 'aggregate') return measureInputs(m).every(summable);
    if (m.aggregation !== 'sum' || m.sql === null || !holds(m.sql)) return false;
    return m.money === undefined || held.has(m.money.currency);
  };
  return measures.every(summable);
}
