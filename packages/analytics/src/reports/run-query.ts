// Running one compiled report query on a warehouse: bounded to the rows a visual shows, the rows
// made JSON-safe for the answer.
import type { ReportRow } from '@maya/contracts';
import type { Row, Warehouse } from '@maya/warehouse/interface';
import { compileReportQuery, type CompiledReportQuery, type ReportQuery } from './compile-query';
import type { MoneyOptions } from './currency-sql';
import type { CompiledSql } from './report-sql';
import type { SemanticModel } from './semantic-model';

/** What running a query needs of a visual's inputs. */
export type QueryInput = {
  now: Date;
  timeoutMs: number;
  /** The columns of the table in the warehouse, when known (CompileOptions.columns). */
  columns?: ReadonlySet<string> | null;
  /** The organization's currency and whether the warehouse has rates (CompileOptions.money). */
  money?: MoneyOptions | null;
  /** The roll-ups the warehouse has in step with their models (CompileOptions.rollups). */
  rollups?: ReadonlySet<string> | null;
};

export async function runQuery(
  warehouse: Warehouse,
  model: SemanticModel,
  query: ReportQuery,
  input: QueryInput,
  maxRows: number,
): Promise<Pick<CompiledReportQuery, 'columns'> & { rows: ReportRow[]; truncated: boolean }> {
  // The statement itself stops one row past `maxRows` (that row tells rows were left out), so
  // the warehouse reads its answer whole: capping an unbounded statement makes DuckDB stream
  // it a chunk at a time, about 0.5 ms more a statement (bench/report.ts). Without dimensions
  // the statement aggregates to one row: no LIMIT to plan (decision 148).
  const cap = maxRows + 1;
  const bounded =
    query.dimensions.length === 0
      ? query
      : { ...query, limit: query.limit === null ? cap : Math.min(query.limit, cap) };
  const compiled = compileReportQuery(model, bounded, warehouse.engine, {
    now: input.now,
    columns: input.columns ?? null,
    money: input.money ?? null,
    rollups: input.rollups ?? null,
  });
  const result = await runCompiled(warehouse, compiled, input.timeoutMs);
  const truncated = result.truncated || result.rows.length > maxRows;
  const rows = result.rows.length > maxRows ? result.rows.slice(0, maxRows) : result.rows;
  // Rows of plain values go out as they are (the cache's, shared and frozen); copied only when a
  // value needs writing as text.
  const plain = rows.every(isReportRow);
  return {
    columns: compiled.columns,
    rows: plain ? (rows as ReportRow[]) : rows.map(toReportRow),
    truncated,
  };
}

export function runCompiled(
  warehouse: Warehouse,
  compiled: CompiledSql,
  timeoutMs: number,
  maxRows?: number,
) {
  return warehouse.query(
    compiled.sql,
    compiled.params,
    maxRows === undefined ? { timeoutMs } : { timeoutMs, maxRows },
  );
}

const isReportValue = (value: unknown): value is ReportRow[string] =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function isReportRow(row: Row): boolean {
  for (const key in row) if (!isReportValue(row[key])) return false;
  return true;
}

/** Query results are JSON-safe already; a json column's value is shown as its text. */
function toReportRow(row: Row): ReportRow {
  const out: ReportRow = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = isReportValue(value) ? value : JSON.stringify(value);
  }
  return out;
}
