// An organization's derived columns (clusters, issue 24) are ordinary dimensions of its model:
// every report that reads their table offers them in its filters pane, as a list filter on all
// pages, without anyone editing the report.
import type { ReportDocument, ReportFilter } from '@maya/contracts';
import { BUILTIN_SEMANTIC_MODELS, type SemanticModel } from '@maya/analytics';

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
