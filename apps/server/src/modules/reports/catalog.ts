// The reports an organization can open and the semantic models they read. Today the built-in
// reports of packages/warehouse (`-maya`, `-seo-v1`); custom reports saved from edit mode will be
// looked up here too, before the built-ins' slugs that they can never take.
import { ReportDocumentSchema, type ReportDocument } from '@maya/contracts';
import {
  BUILTIN_REPORTS,
  BUILTIN_SEMANTIC_MODELS,
  checkReportDocument,
  type SemanticModel,
} from '@maya/warehouse';

export type CatalogReport = { document: ReportDocument; model: SemanticModel; isCustom: boolean };

function modelNamed(name: string): SemanticModel | null {
  return BUILTIN_SEMANTIC_MODELS.find((m) => m.name === name) ?? null;
}

/**
 * The built-ins, each checked once against the contract and its model: a report that names a
 * field its model lacks fails the server's start, not a user's dashboard.
 */
function checkedBuiltins(): readonly CatalogReport[] {
  return BUILTIN_REPORTS.map((report) => {
    const document = ReportDocumentSchema.parse(report);
    const model = modelNamed(document.model);
    if (model === null) throw new Error(`report ${document.slug} reads the unknown model ${document.model}`);
    checkReportDocument(model, document);
    return { document, model, isCustom: false };
  });
}

export type ReportCatalog = {
  list(): readonly CatalogReport[];
  find(slug: string): CatalogReport | null;
  /** A semantic model by name: the `dataset_id` of a report, the `datasetId` of filter options. */
  model(name: string): SemanticModel | null;
};

export function createReportCatalog(): ReportCatalog {
  const builtins = checkedBuiltins();
  return {
    list: () => builtins,
    find: (slug) => builtins.find((r) => r.document.slug === slug) ?? null,
    model: modelNamed,
  };
}
