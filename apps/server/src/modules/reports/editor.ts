// The report editor's reads (issue 32, decision 740): the fields of the report's model it offers,
// a calculated metric's formula checked as the user types it, and the model an unsaved draft's
// visual is answered over. The saved document is never read for a draft's metrics: the editor
// sends its own, checked against the organization's model as a save would check them.
import type { CalculatedMeasure, CheckFormulaResponse, ReportFieldsResponse } from '@maya/contracts';
import {
  FormulaError,
  ReportQueryError,
  calculatedMeasure,
  semanticTable,
  withCalculatedMeasures,
  type SemanticModel,
} from '@maya/analytics';
import type { OrganizationAccess } from '../../platform/guards';
import type { CatalogReport, ReportCatalog } from './catalog';
import { canEdit } from './custom-reports';
import { reportEditForbidden, reportNotFound } from './errors';

/** `model` with `calculated` added to their tables, in their order. */
const withMetrics = (model: SemanticModel, calculated: readonly CalculatedMeasure[]) =>
  withCalculatedMeasures(model, { calculatedMeasures: [...calculated] });

export function createReportEditor(deps: { catalog: ReportCatalog }) {
  const { catalog } = deps;

  async function report(access: OrganizationAccess, slug: string): Promise<CatalogReport> {
    const found = await catalog.find(access, slug);
    if (found === null) throw reportNotFound(slug);
    return found;
  }

  /** The organization's model the report reads, without the document's metrics. */
  async function baseModel(access: OrganizationAccess, found: CatalogReport): Promise<SemanticModel> {
    const model = await catalog.model(access.organizationId, found.document.model);
    if (model === null) throw reportNotFound(found.document.slug);
    return model;
  }

  return {
    /** GET /reports/{slug}/fields: the tables, dimensions and measures the editor offers. */
    async fields(access: OrganizationAccess, slug: string): Promise<ReportFieldsResponse> {
      const model = await baseModel(access, await report(access, slug));
      return {
        model: model.name,
        tables: model.tables.map((table) => ({
          name: table.name,
          label: table.label,
          time_dimension: table.timeDimension,
          dimensions: table.dimensions.map((d) => ({
            name: d.name,
            label: d.label,
            type: d.type,
            grains: [...d.grains],
          })),
          measures: table.measures.map((m) => ({ name: m.name, label: m.label, format: m.format })),
        })),
      };
    },

    /**
     * POST /reports/{slug}/formula: what is wrong with `metric` after `calculated` (the draft's
     * metrics before it), or null. An earlier metric that is itself wrong is said as such.
     */
    async checkFormula(
      access: OrganizationAccess,
      slug: string,
      metric: CalculatedMeasure,
      calculated: readonly CalculatedMeasure[],
    ): Promise<CheckFormulaResponse> {
      const base = await baseModel(access, await report(access, slug));
      try {
        const model = withMetrics(base, calculated);
        const table = semanticTable(model, metric.table);
        if ([...table.dimensions, ...table.measures].some((f) => f.name === metric.name)) {
          return {
            error: { message: `${table.label} already has a field named ${metric.name}`, position: null },
          };
        }
        calculatedMeasure(table, metric);
        return { error: null };
      } catch (error) {
        if (error instanceof FormulaError)
          return { error: { message: error.message, position: error.position } };
        if (error instanceof ReportQueryError) return { error: { message: error.message, position: null } };
        throw error;
      }
    },

    /**
     * The report answering an unsaved draft's visual: the model with the draft's metrics in
     * place of the saved ones. Only who may edit the report may ask.
     */
    async draftReport(
      access: OrganizationAccess,
      found: CatalogReport,
      calculated: readonly CalculatedMeasure[],
    ): Promise<CatalogReport> {
      if (!canEdit(access)) throw reportEditForbidden('preview unsaved changes');
      // A metric that is wrong is the ReportQueryError a save would meet (a 422 naming it).
      return { ...found, model: withMetrics(await baseModel(access, found), calculated) };
    },
  };
}

export type ReportEditor = ReturnType<typeof createReportEditor>;
