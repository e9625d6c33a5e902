// The reports an organization can open and the semantic models they read: the built-in reports
// of packages/warehouse (`-maya`, `-seo-v1`, and `-demo` for demo organizations only), the
// built-ins made from a model of the organization's own while it has one (`-custom-tables`), then
// the organization's custom reports, whose slugs can never take a built-in's (RESERVED_REPORT_SLUGS).
// Each is opened with the organization's own semantic model (modelling: the built-in model and the
// organization's derived columns).
import {
  COMPETITORS_REPORT_NAME,
  COMPETITORS_REPORT_SLUG,
  CUSTOM_TABLES_REPORT_SLUG,
  PAGESPEED_REPORT_NAME,
  PAGESPEED_REPORT_SLUG,
  ReportDocumentSchema,
  type ReportDocument,
} from '@maya/contracts';
import {
  BUILTIN_REPORTS,
  BUILTIN_SEMANTIC_MODELS,
  COMPETITORS_MODEL,
  competitorsReport,
  CUSTOM_TABLES_MODEL,
  CUSTOM_TABLES_REPORT_NAME,
  DEMO_REPORTS,
  PAGESPEED_MODEL,
  checkReportDocument,
  withCalculatedMeasures,
  customTablesReport,
  pagespeedReport,
  type SemanticModel,
} from '@maya/analytics';
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { withDerivedFilters } from './derived-filters';
import { reportsRepository as repo } from './repository';

/** A built-in report; `demoOnly` ones are listed and opened in demo organizations alone. */
export type BuiltinReport = { document: ReportDocument; demoOnly: boolean };

/**
 * A built-in made from a semantic model the organization may have (a module's own, such as the
 * custom tables'): listed and opened while the organization has that model, its document built
 * from it each time, so it shows the model as it is now.
 */
export type ModelReport = {
  model: string;
  slug: string;
  name: string;
  document: (model: SemanticModel) => ReportDocument;
};

/**
 * The custom tables report: a page per uploaded table (packages/analytics custom-tables-report.ts);
 * the PageSpeed report, once the PageSpeed URLs job stored a measurement (pagespeed-report.ts);
 * the Competitors report, once a competition report was computed (competitors-report.ts).
 */
export const MODEL_REPORTS: readonly ModelReport[] = [
  {
    model: CUSTOM_TABLES_MODEL,
    slug: CUSTOM_TABLES_REPORT_SLUG,
    name: CUSTOM_TABLES_REPORT_NAME,
    document: customTablesReport,
  },
  {
    model: PAGESPEED_MODEL,
    slug: PAGESPEED_REPORT_SLUG,
    name: PAGESPEED_REPORT_NAME,
    document: pagespeedReport,
  },
  {
    model: COMPETITORS_MODEL,
    slug: COMPETITORS_REPORT_SLUG,
    name: COMPETITORS_REPORT_NAME,
    document: competitorsReport,
  },
];

export type CatalogReport = {
  document: ReportDocument;
  model: SemanticModel;
  isCustom: boolean;
  /** Who saved a custom report (null for the built-ins, or once that user is gone). */
  createdBy: string | null;
};

/** A report as the list shows it, without its document. */
export type CatalogEntry = { id: string; slug: string; name: string; datasetId: string; isCustom: boolean };

/** Whose reports: the organization, and whether it is a demo one. */
export type CatalogScope = { organizationId: string; isDemo: boolean };

/** The organization's semantic model of this name (modelling's `semanticModel`). */
export type OrganizationModel = (organizationId: string, name: string) => Promise<SemanticModel | null>;

/**
 * A built-in checked once against its built-in model: one that names a field its model lacks
 * fails the server's start, not a user's dashboard. (Custom reports are checked when they are
 * saved; an organization's model only adds derived columns to the built-in one.)
 */
function checkedBuiltin(document: ReportDocument): ReportDocument {
  const parsed = ReportDocumentSchema.parse(document);
  const model = BUILTIN_SEMANTIC_MODELS.find((m) => m.name === parsed.model);
  if (model === undefined) throw new Error(`report ${parsed.slug} reads the unknown model ${parsed.model}`);
  checkReportDocument(model, parsed);
  return parsed;
}

/**
 * The built-ins of packages/warehouse: BUILTIN_REPORTS for everyone, and DEMO_REPORTS (the Demo
 * report, spec 002 §2 "only a Demo report is mapped") for demo organizations alone.
 */
export function warehouseBuiltins(): BuiltinReport[] {
  return [
    ...BUILTIN_REPORTS.map((document) => ({ document, demoOnly: false })),
    ...DEMO_REPORTS.map((document) => ({ document, demoOnly: true })),
  ];
}

export type ReportCatalog = ReturnType<typeof createReportCatalog>;

export function createReportCatalog(deps: {
  db: Database;
  model: OrganizationModel;
  builtins?: readonly BuiltinReport[];
}) {
  const builtins = (deps.builtins ?? warehouseBuiltins()).map(({ document, demoOnly }) => ({
    document: checkedBuiltin(document),
    demoOnly,
  }));
  const visibleBuiltins = (scope: CatalogScope) =>
    builtins.filter((b) => scope.isDemo || !b.demoOnly).map((b) => b.document);

  /** The model reports whose model the organization has, with their documents. */
  async function modelReports(organizationId: string, only: (r: ModelReport) => boolean = () => true) {
    const found = await Promise.all(
      MODEL_REPORTS.filter(only).map(async (report) => {
        const model = await deps.model(organizationId, report.model);
        return model === null ? null : { model, document: report.document(model) };
      }),
    );
    return found.filter((r) => r !== null);
  }

  /** A document with the organization's model it reads. */
  async function opened(
    organizationId: string,
    document: ReportDocument,
    isCustom: boolean,
    createdBy: string | null,
  ): Promise<CatalogReport> {
    const model = await deps.model(organizationId, document.model);
    if (model === null) throw new Error(`report ${document.slug} reads the unknown model ${document.model}`);
    // The document's calculated metrics are measures of its model for this report alone.
    const withCalculated = withCalculatedMeasures(model, document);
    return {
      document: withDerivedFilters(document, withCalculated),
      model: withCalculated,
      isCustom,
      createdBy,
    };
  }

  return {
    /** The built-ins the organization sees, then its custom reports by name. */
    async list(scope: CatalogScope): Promise<CatalogEntry[]> {
      const custom = await withOrganization(deps.db, scope.organizationId, (tx) => repo.listCustom(tx));
      const fromModels = (await modelReports(scope.organizationId)).map((r) => r.document);
      return [
        ...[...visibleBuiltins(scope), ...fromModels].map((document) => ({
          id: document.id,
          slug: document.slug,
          name: document.name,
          datasetId: document.model,
          isCustom: false,
        })),
        ...custom.map((r) => ({ id: r.id, slug: r.slug, name: r.name, datasetId: r.model, isCustom: true })),
      ];
    },

    /** The displayed names of the built-ins the organization sees: what a custom report may not read as. */
    builtInNames: (scope: CatalogScope): string[] => [
      ...visibleBuiltins(scope).map((d) => d.name),
      ...MODEL_REPORTS.map((r) => r.name),
    ],

    /** Every slug the organization's reports take, hidden built-ins included: what a new name may not. */
    async takenSlugs(organizationId: string): Promise<string[]> {
      const custom = await withOrganization(deps.db, organizationId, (tx) => repo.customSlugs(tx));
      return [...builtins.map((b) => b.document.slug), ...MODEL_REPORTS.map((r) => r.slug), ...custom];
    },

    /** A report the organization can open, read afresh (another process may have deleted it). */
    async find(scope: CatalogScope, slug: string): Promise<CatalogReport | null> {
      const builtin = visibleBuiltins(scope).find((d) => d.slug === slug);
      if (builtin !== undefined) return opened(scope.organizationId, builtin, false, null);
      if (builtins.some((b) => b.document.slug === slug)) return null;
      if (MODEL_REPORTS.some((r) => r.slug === slug)) {
        const [made] = await modelReports(scope.organizationId, (r) => r.slug === slug);
        return made === undefined ? null : opened(scope.organizationId, made.document, false, null);
      }
      const row = await withOrganization(deps.db, scope.organizationId, (tx) => repo.findCustom(tx, slug));
      if (row === null) return null;
      return opened(scope.organizationId, ReportDocumentSchema.parse(row.document), true, row.createdBy);
    },

    /** The organization's semantic model by name: a report's `dataset_id`, filter options' `datasetId`. */
    model: deps.model,
  };
}
