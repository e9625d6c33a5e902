// A report document against its semantic model, and a bookmark's state against its document:
// what the contracts' schemas cannot know (which tables, dimensions and measures exist), checked
// by compiling every visual's and filter's query without running it.
import {
  ReportStateError,
  type AdHocVisual,
  type ReportDocument,
  type ReportFilter,
  type ReportPage,
  type ReportState,
  type Visual,
} from '@maya/contracts';
import { compileReportQuery, type ReportQuery } from './compile-query';
import { withCalculatedMeasures } from './formula/measures';
import { ReportQueryError, semanticTable, type SemanticModel } from './semantic-model';
import { isOverTime, visualFields } from './run-visual';

// Relative dates resolve against any instant: checking compiles queries but never runs them.
const CHECK_TIME = new Date(0);

function check(model: SemanticModel, query: Omit<ReportQuery, 'limit' | 'offset'>, where: string): void {
  try {
    compileReportQuery(model, { ...query, limit: null, offset: null }, 'duckdb', { now: CHECK_TIME });
  } catch (error) {
    if (error instanceof ReportQueryError)
      throw new ReportQueryError(error.type, `${where}: ${error.message}`);
    throw error;
  }
}

function checkFilter(model: SemanticModel, filter: ReportFilter, where: string): void {
  const base = { measures: [], filters: [filter], dateRange: null, sort: [] };
  check(model, { ...base, table: filter.table, dimensions: [{ name: filter.column, grain: null }] }, where);
}

export function checkVisual(model: SemanticModel, visual: Visual, where: string): void {
  check(model, { table: visual.table, filters: [], dateRange: null, ...visualFields(visual) }, where);
  for (const filter of visual.filters ?? []) {
    if (filter.table !== visual.table) {
      throw new ReportQueryError(
        'invalid_report_query',
        `${where}: filter ${filter.id} is on table ${filter.table}, not the visual's ${visual.table}`,
      );
    }
    checkFilter(model, filter, `${where}, filter ${filter.id}`);
  }
  const table = semanticTable(model, visual.table);
  if ((visual.kind === 'line' || visual.kind === 'area') && !isOverTime(model, visual)) {
    throw new ReportQueryError(
      'invalid_report_query',
      `${where}: the axis of a ${visual.kind} chart must be a date`,
    );
  }
  if (visual.kind === 'kpi' && visual.comparison !== null && table.timeDimension === null) {
    throw new ReportQueryError(
      'comparison_needs_period',
      `${where}: table ${table.name} has no date to compare by`,
    );
  }
}

/** Every filter and visual of the document names fields of `model`; else a `ReportQueryError`. */
export function checkReportDocument(semanticModel: SemanticModel, doc: ReportDocument): void {
  if (doc.model !== semanticModel.name) {
    throw new ReportQueryError(
      'unknown_field',
      `report ${doc.slug} reads model ${doc.model}, not ${semanticModel.name}`,
    );
  }
  const model = withCalculatedMeasures(semanticModel, doc);
  doc.filters.forEach((f) => checkFilter(model, f, `report filter ${f.id}`));
  for (const page of doc.pages) {
    page.filters.forEach((f) => checkFilter(model, f, `page ${page.name}, filter ${f.id}`));
    page.visuals.forEach((v) => checkVisual(model, v, `page ${page.name}, visual ${v.id}`));
  }
}

function allVisuals(doc: ReportDocument): Visual[] {
  return doc.pages.flatMap((p) => p.visuals);
}

/**
 * A bookmark's state fits its document: the page exists, each filter replaces a filter of the
 * document on the same column, each slicer selection is on a slicer's dimension, each sort on a
 * visual. Anything else is a `ReportStateError` (the report changed since the bookmark).
 */
export function checkReportState(doc: ReportDocument, state: ReportState): void {
  const fail = (message: string): never => {
    throw new ReportStateError(message);
  };
  if (!doc.pages.some((p) => p.name === state.page)) fail(`the report has no page ${state.page}`);
  const filters = [...doc.filters, ...doc.pages.flatMap((p) => p.filters)];
  for (const filter of state.filters) {
    const original = filters.find((f) => f.id === filter.id);
    if (original?.table !== filter.table || original.column !== filter.column) {
      fail(`filter ${filter.id} is not a filter of the report on ${filter.table}.${filter.column}`);
    }
  }
  const visuals = allVisuals(doc);
  for (const { visual_id, filter } of state.slicers) {
    const slicer = visuals.find((v) => v.id === visual_id);
    if (slicer?.kind !== 'slicer' || slicer.table !== filter.table || slicer.dimension !== filter.column) {
      fail(`${visual_id} is not a slicer of ${filter.table}.${filter.column}`);
    }
  }
  const adhoc = state.adhoc;
  if (adhoc !== undefined) {
    if (!doc.pages.some((p) => p.name === adhoc.page)) fail(`the report has no page ${adhoc.page}`);
    if (visuals.some((v) => v.id === adhoc.visual.id)) {
      fail(`the ad-hoc visual's id ${adhoc.visual.id} is a visual of the report`);
    }
  }
  for (const { visual_id } of state.sort) {
    if (!visuals.some((v) => v.id === visual_id) && adhoc?.visual.id !== visual_id) {
      fail(`the report has no visual ${visual_id}`);
    }
  }
}

/**
 * The visual a query names: the page's, or the state's ad-hoc one the request carries (decision
 * 251), checked against the model as a page's visual is, on a page of the report.
 */
export function queriedVisual(
  doc: ReportDocument,
  model: SemanticModel,
  request: { page: string; visual_id: string; visual?: AdHocVisual | undefined },
): { page: ReportPage; visual: Visual } {
  const { visual } = request;
  if (visual === undefined) return findVisual(doc, request.page, request.visual_id);
  const page = doc.pages.find((p) => p.name === request.page);
  if (page === undefined) {
    throw new ReportQueryError('report_not_found', `report ${doc.slug} has no page ${request.page}`);
  }
  if (visual.id !== request.visual_id) {
    throw new ReportQueryError(
      'invalid_report_query',
      `visual_id ${request.visual_id} does not name the ad-hoc visual ${visual.id}`,
    );
  }
  if (allVisuals(doc).some((v) => v.id === visual.id)) {
    throw new ReportQueryError(
      'invalid_report_query',
      `the ad-hoc visual's id ${visual.id} is a visual of the report`,
    );
  }
  checkVisual(model, visual, `ad-hoc visual ${visual.id}`);
  return { page, visual };
}

/**
 * The filters in effect on a page: the report's and the page's (as the state set them, by id),
 * and the selections of the page's slicers.
 */
export function effectiveFilters(
  doc: ReportDocument,
  page: ReportPage,
  state: ReportState | null,
): ReportFilter[] {
  const replaced = (f: ReportFilter) => state?.filters.find((s) => s.id === f.id) ?? f;
  const slicers = new Set(page.visuals.filter((v) => v.kind === 'slicer').map((v) => v.id));
  const selections = (state?.slicers ?? []).filter((s) => slicers.has(s.visual_id)).map((s) => s.filter);
  return [...doc.filters.map(replaced), ...page.filters.map(replaced), ...selections];
}

/** The page's visual, or `report_not_found`. */
export function findVisual(
  doc: ReportDocument,
  pageName: string,
  visualId: string,
): { page: ReportPage; visual: Visual } {
  const page = doc.pages.find((p) => p.name === pageName);
  const visual = page?.visuals.find((v) => v.id === visualId);
  if (page === undefined || visual === undefined) {
    throw new ReportQueryError(
      'report_not_found',
      `report ${doc.slug} has no visual ${visualId} on page ${pageName}`,
    );
  }
  return { page, visual };
}
