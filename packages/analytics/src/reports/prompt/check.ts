// A generated state checked as a saved bookmark's would be, and further: the contract's schema,
// its fit to the document (checkReportState), and every filter, slicer selection and sort
// compiled against the model, so that a state the report cannot show never reaches a user.
import { ReportStateError, ReportStateSchema, type ReportDocument, type ReportState } from '@maya/contracts';
import { compileReportQuery } from '../compile-query';
import { checkReportDocument, checkReportState, checkVisual, findVisual } from '../report-document';
import { visualFields } from '../run-visual';
import { ReportQueryError, type SemanticModel } from '../semantic-model';

const CHECK_TIME = new Date(0);

/** The state, parsed; anything the report cannot show is a `ReportStateError` saying why. */
export function checkGeneratedState(doc: ReportDocument, model: SemanticModel, input: unknown): ReportState {
  const parsed = ReportStateSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'state'}: ${i.message}`);
    throw new ReportStateError(`invalid report state: ${issues.slice(0, 10).join('; ')}`);
  }
  const state = parsed.data;
  checkReportState(doc, state);
  try {
    // The document as the state shows it, checked like a report: its filters replaced, each
    // slicer's selection a filter of its page.
    const replaced = <T extends { id: string }>(f: T) => state.filters.find((s) => s.id === f.id) ?? f;
    checkReportDocument(model, {
      ...doc,
      filters: doc.filters.map(replaced),
      pages: doc.pages.map((page) => ({
        ...page,
        filters: [
          ...page.filters.map(replaced),
          ...state.slicers.filter((s) => page.visuals.some((v) => v.id === s.visual_id)).map((s) => s.filter),
        ],
      })),
    });
    const { adhoc } = state;
    if (adhoc !== undefined) checkVisual(model, adhoc.visual, `ad-hoc visual ${adhoc.visual.id}`);
    for (const { visual_id, sort } of state.sort) {
      const page = doc.pages.find((p) => p.visuals.some((v) => v.id === visual_id));
      const visual =
        adhoc?.visual.id === visual_id
          ? adhoc.visual
          : findVisual(doc, page?.name ?? state.page, visual_id).visual;
      if (visual.kind === 'slicer')
        throw new ReportQueryError('invalid_report_query', `${visual_id} is a slicer: it has no sort`);
      const fields = visualFields(visual);
      const selected = new Set([...fields.dimensions.map((d) => d.name), ...fields.measures]);
      const unknown = sort.find((s) => !selected.has(s.field));
      if (unknown !== undefined) {
        throw new ReportQueryError(
          'unknown_field',
          `visual ${visual_id} shows no field ${unknown.field} to sort by`,
        );
      }
      compileReportQuery(
        model,
        { table: visual.table, ...fields, sort, filters: [], dateRange: null, limit: null, offset: null },
        'duckdb',
        { now: CHECK_TIME },
      );
    }
  } catch (error) {
    if (error instanceof ReportQueryError) throw new ReportStateError(error.message);
    throw error;
  }
  return state;
}
