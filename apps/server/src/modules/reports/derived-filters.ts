// An organization's derived columns (clusters, issue 24) are ordinary dimensions of its model:
// every report that reads their table offers them in its filters pane, as a list filter on all
// pages, without anyone editing the report.
import { ReportErrorType, type ReportDocument, type ReportFilter } from '@maya/contracts';
import { BUILTIN_SEMANTIC_MODELS, type SemanticModel } from '@maya/analytics';
import { WarehouseError } from '@maya/warehouse';
import { AppError } from '../../platform/errors';

/** The dimensions the organization's model has beyond the built-in one, by table. */
function derivedDimensions(model: SemanticModel): { table: string; column: string; label: string }[] {
  const builtin = BUILTIN_SEMANTIC_MODELS.find((m) => m.name === model.name);
  if (builtin === undefined) return [];
  return model.tables.flatMap((table) => {
    const known = new Set(builtin.tables.find((t) => t.name === table.name)?.dimensions.map((d) => d.name));
    return table.dimensions
      .filter((dimension) => !known.has(dimension.name))
      .map((dimension) => ({ table: table.name, column: dimension.name, label: dimension.label }));
  });
}

/** The document with a list filter on all pages for each derived column of a table it reads. */
export function withDerivedFilters(document: ReportDocument, model: SemanticModel): ReportDocument {
  const tables = new Set(document.pages.flatMap((page) => page.visuals.map((visual) => visual.table)));
  const filters = [...document.filters, ...document.pages.flatMap((page) => page.filters)];
  const takenIds = new Set(filters.map((filter) => filter.id));
  const filtered = new Set(filters.map((filter) => filter.column));
  const added: ReportFilter[] = [];
  for (const { table, column } of derivedDimensions(model)) {
    // One filter per column: filtersForTable applies it to every table that has the column.
    if (!tables.has(table) || filtered.has(column) || takenIds.has(column)) continue;
    filtered.add(column);
    takenIds.add(column);
    added.push({ id: column, kind: 'list', table, column, mode: 'include', values: [] });
  }
  return added.length === 0 ? document : { ...document, filters: [...document.filters, ...added] };
}

/** The derived columns' names by column: a report access's `labels`, absent when there are none. */
export function derivedLabels(model: SemanticModel): { labels?: Record<string, string> } {
  const derived = derivedDimensions(model);
  if (derived.length === 0) return {};
  return { labels: Object.fromEntries(derived.map(({ column, label }) => [column, label])) };
}

/** 409 column_not_ready: the model lists a derived column its table does not have right now. */
const notReady = (label: string) =>
  new AppError(409, ReportErrorType.columnNotReady, {
    message: `'${label}' is not in the data right now: it is being applied or was just removed. Try again in a moment.`,
  });

/**
 * The model and the warehouse disagree (decision 311): a derived column of `table` that the
 * table's columns (its side table's included), when known, lack is refused before any query runs; an engine error naming a
 * derived column of the model is answered as that column not being ready rather than a 502.
 */
export function checkDerivedColumn(
  model: SemanticModel,
  table: string,
  columns: ReadonlySet<string> | null,
  asked: readonly string[],
): void {
  if (columns === null) return;
  const missing = derivedDimensions(model).find(
    (d) => d.table === table && asked.includes(d.column) && !columns.has(d.column),
  );
  if (missing !== undefined) throw notReady(missing.label);
}

export function explainDerivedFailure(model: SemanticModel, error: unknown): unknown {
  if (!(error instanceof WarehouseError) || error.type !== 'engine_error') return error;
  // The column, or the side table that holds it in its table (decision 500), named by the engine.
  const sideOf = (table: string, column: string) =>
    model.tables.find((t) => t.name === table)?.sideTables?.find((side) => side.columns.includes(column))
      ?.table;
  const named = derivedDimensions(model).find((d) => {
    const side = sideOf(d.table, d.column);
    return error.message.includes(d.column) || (side !== undefined && error.message.includes(side));
  });
  return named === undefined ? error : notReady(named.label);
}
