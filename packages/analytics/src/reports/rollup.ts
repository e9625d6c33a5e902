// Which table a statement reads: a semantic table's daily roll-up (models/rollups.ts, decision
// 810) in place of its source whenever the roll-up holds every column the statement reads and
// every measure is a sum (a sum of daily sums is the sum; a count, an average or a distinct
// count of them is not). Money converts per day and currency, both kept, so converted amounts
// are the same. A roll-up is read only when the warehouse has it in step with its model
// (`rollups`: the engine checks its columns); otherwise, and for everything else, the source.
import { measureInputs, type SemanticTable, type SqlSource } from './semantic-model';

/** What a statement reads of a table: dimensions (grouped or filtered by) and measures. */
export type TableReads = { dimensions: Iterable<string>; measures?: readonly string[] };

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g;

/** The source columns a dimension or measure reads. */
function columnsOf(sql: SqlSource): string[] {
  if ('column' in sql) return [sql.column];
  return [...sql.expression.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** The table's source, or its roll-up when the statement can read it there. */
export function readSource(
  table: SemanticTable,
  reads: TableReads,
  rollups: ReadonlySet<string> | null | undefined,
): SemanticTable['source'] {
  const rollup = table.rollup;
  if (rollup === undefined || rollups?.has(rollup.table) !== true) return table.source;
  const held = new Set(rollup.columns);
  const holds = (sql: SqlSource) => columnsOf(sql).every((column) => held.has(column));
  // The day is always read: date ranges, and the day each amount is converted on.
  const time = table.timeDimension === null ? [] : [table.timeDimension];
  for (const name of [...time, ...reads.dimensions]) {
    const dim = table.dimensions.find((d) => d.name === name);
    // An unknown name stays the source's, for the compiler to refuse as before.
    if (dim === undefined || !holds(dim.sql)) return table.source;
  }
  const summable = (name: string): boolean => {
    const m = table.measures.find((candidate) => candidate.name === name);
    if (m === undefined) return false;
    if (m.kind !== 'aggregate') return measureInputs(m).every(summable);
    if (m.aggregation !== 'sum' || m.sql === null || !holds(m.sql)) return false;
    return m.money === undefined || held.has(m.money.currency);
  };
  if (!(reads.measures ?? []).every(summable)) return table.source;
  return { schema: table.source.schema, table: rollup.table };
}
