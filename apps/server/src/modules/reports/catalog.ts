// The reports an organization can open and the semantic models they read: the built-in reports
// of packages/warehouse (`-maya`, `-seo-v1`, and `-demo` for demo organizations only), then the
// organization's custom reports, whose slugs can never take a built-in's (RESERVED_REPORT_SLUGS).
import { ReportDocumentSchema, type ReportDocument } from '@maya/contracts';
import {
  BUILTIN_REPORTS,
  BUILTIN_SEMANTIC_MODELS,
  DEMO_REPORTS,
  checkReportDocument,
  type SemanticModel,
} from '@maya/warehouse';
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { reportsRepository as repo } from './repository';

/** A built-in report; `demoOnly` ones are listed and opened in demo organizations alone. */
export type BuiltinReport = { document: ReportDocument; demoOnly: boolean };

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

function modelNamed(name: string): SemanticModel | null {
  return BUILTIN_SEMANTIC_MODELS.find((m) => m.name === name) ?? null;
}

/** A document against the contract, with the model it reads. */
function parsedReport(document: unknown, isCustom: boolean, createdBy: string | null): CatalogReport {
  const parsed = ReportDocumentSchema.parse(document);
  const model = modelNamed(parsed.model);
  if (model === null) throw new Error(`report ${parsed.slug} reads the unknown model ${parsed.model}`);
  return { document: parsed, model, isCustom, createdBy };
}

/**
 * A built-in checked once against its model too: one that names a field its model lacks fails
 * the server's start, not a user's dashboard. (Custom reports are checked when they are saved.)
 */
function checkedBuiltin(document: ReportDocument): CatalogReport {
  const report = parsedReport(document, false, null);
  checkReportDocument(report.model, report.document);
  return report;
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

export function createReportCatalog(deps: { db: Database; builtins?: readonly BuiltinReport[] }) {
  const builtins = (deps.builtins ?? warehouseBuiltins()).map(({ document, demoOnly }) => ({
    report: checkedBuiltin(document),
    demoOnly,
  }));
  const visibleBuiltins = (scope: CatalogScope) =>
    builtins.filter((b) => scope.isDemo || !b.demoOnly).map((b) => b.report);

  return {
    /** The built-ins the organization sees, then its custom reports by name. */
    async list(scope: CatalogScope): Promise<CatalogEntry[]> {
      const custom = await withOrganization(deps.db, scope.organizationId, (tx) => repo.listCustom(tx));
      return [
        ...visibleBuiltins(scope).map(({ document }) => ({
          id: document.id,
          slug: document.slug,
          name: document.name,
          datasetId: document.model,
          isCustom: false,
        })),
        ...custom.map((r) => ({ id: r.id, slug: r.slug, name: r.name, datasetId: r.model, isCustom: true })),
      ];
    },

    /** Every slug the organization's reports take, hidden built-ins included: what a new name may not. */
    async takenSlugs(organizationId: string): Promise<string[]> {
      const custom = await withOrganization(deps.db, organizationId, (tx) => repo.customSlugs(tx));
      return [...builtins.map((b) => b.report.document.slug), ...custom];
    },

    /** A report the organization can open, read afresh (another process may have deleted it). */
    async find(scope: CatalogScope, slug: string): Promise<CatalogReport | null> {
      const builtin = visibleBuiltins(scope).find((r) => r.document.slug === slug);
      if (builtin !== undefined) return builtin;
      if (builtins.some((b) => b.report.document.slug === slug)) return null;
      const row = await withOrganization(deps.db, scope.organizationId, (tx) => repo.findCustom(tx, slug));
      return row === null ? null : parsedReport(row.document, true, row.createdBy);
    },

    /** A semantic model by name: the `dataset_id` of a report, the `datasetId` of filter options. */
    model: modelNamed,
  };
}
