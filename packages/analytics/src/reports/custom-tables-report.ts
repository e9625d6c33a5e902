// The "Custom tables" report: a page per table of an organization's custom tables model (the
// custom-tables module's, one semantic table per uploaded CSV), built from that model whenever
// the report is opened, so a new upload, a changed column or a deleted table shows at once.
// Each page has the table's KPIs, its rows by month when it has a date, the rows themselves in a
// table visual, and filters on its date and text columns like any report's.
import {
  CUSTOM_TABLES_REPORT_SLUG,
  type ReportDocument,
  type ReportFilter,
  type ReportPage,
  type Visual,
} from '@maya/contracts';
import { TABLE_PAGE_ROWS, at, dim } from './builtin-reports';
import type { SemanticModel, SemanticTable } from './semantic-model';

/** The semantic model the custom-tables module answers, and the report that reads it. */
export const CUSTOM_TABLES_MODEL = 'custom_tables';
export const CUSTOM_TABLES_REPORT_NAME = 'Custom tables';

/** The count of rows every custom table has, under a name none of its columns takes. */
export function rowCountMeasureName(columnNames: readonly string[]): string {
  const taken = new Set(columnNames);
  let name = 'rows';
  for (let n = 2; taken.has(name); n++) name = `rows_${n}`;
  return name;
}

/** KPIs beside the row count: the first numeric columns' sums. */
const MAX_KPIS = 4;
/** Text columns a page offers as list filters (the first ones, in the file's order). */
const MAX_LIST_FILTERS = 4;
/** A table visual's limits (contracts): 10 dimensions, 20 measures. */
const MAX_TABLE_DIMENSIONS = 10;
const MAX_TABLE_MEASURES = 20;
/**
 * The date filter a page opens with: a custom table has no natural period (orders of past years
 * are as much the user's as this month's), so it shows ten years up to today, which the user
 * narrows in the filter pane. KPIs show no comparison with it (ten years before say nothing).
 */
const DATE_FILTER_YEARS = 10;

function page(table: SemanticTable): ReportPage {
  const rows = table.measures.find((m) => m.kind === 'aggregate' && m.aggregation === 'count');
  const sums = table.measures.filter((m) => m !== rows);
  const kpiMeasures = [...(rows === undefined ? [] : [rows]), ...sums].slice(0, MAX_KPIS);
  const visuals: Visual[] = kpiMeasures.map((measure, i) => ({
    id: `${table.name}-kpi-${i}`,
    kind: 'kpi',
    title: null,
    table: table.name,
    layout: at(3 * i, 0, 3, 2),
    measure: measure.name,
    comparison: null,
  }));
  let y = 2;
  const time = table.timeDimension;
  if (time !== null && rows !== undefined) {
    visuals.push({
      id: `${table.name}-by-month`,
      kind: 'column',
      title: `Rows by month of ${table.dimensions.find((d) => d.name === time)?.label ?? time}`,
      table: table.name,
      layout: at(0, y, 12, 4),
      axis: dim(time, 'month'),
      legend: null,
      measures: [rows.name],
      sort: [],
      limit: null,
    });
    y += 4;
  }
  const dimensions = table.dimensions.slice(0, MAX_TABLE_DIMENSIONS).map((d) => d.name);
  const measures = (sums.length > 0 ? sums : kpiMeasures).slice(0, MAX_TABLE_MEASURES).map((m) => m.name);
  const sortField = time ?? measures[0] ?? dimensions[0] ?? '';
  visuals.push({
    id: `${table.name}-rows`,
    kind: 'table',
    title: table.label,
    table: table.name,
    layout: at(0, y, 12, 8),
    dimensions: dimensions.map((d) => dim(d)),
    measures,
    sort: [{ field: sortField, direction: time === null && sums.length === 0 ? 'asc' : 'desc' }],
    limit: TABLE_PAGE_ROWS,
    totals: true,
  });
  const filters: ReportFilter[] = [];
  if (time !== null) {
    filters.push({
      id: `${table.name}-date`,
      kind: 'relative_date',
      table: table.name,
      column: time,
      operator: 'in_the_last',
      count: DATE_FILTER_YEARS,
      unit: 'year',
    });
  }
  table.dimensions
    .filter((d) => d.type === 'string')
    .slice(0, MAX_LIST_FILTERS)
    .forEach((d, i) =>
      filters.push({
        id: `${table.name}-list-${i}`,
        kind: 'list',
        table: table.name,
        column: d.name,
        mode: 'include',
        values: [],
      }),
    );
  return { name: table.name, display_name: table.label, visibility: 0, visuals, filters };
}

/** The report over the organization's custom tables model: a page per table, in the model's order. */
export function customTablesReport(model: SemanticModel): ReportDocument {
  return {
    version: 1,
    id: 'custom-tables',
    slug: CUSTOM_TABLES_REPORT_SLUG,
    name: CUSTOM_TABLES_REPORT_NAME,
    model: model.name,
    filters: [],
    pages: model.tables.map(page),
  };
}
