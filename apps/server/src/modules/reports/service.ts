import {
  ReportErrorType,
  type CreateCustomReportRequest,
  type EmbedReport,
  type FilterOptionsRequest,
  type FilterOptionsResponse,
  type ReportAccessResponse,
  type ReportListResponse,
  type ReportQueryRequest,
  type ReportQueryResponse,
  type ServiceAccount,
} from '@maya/contracts';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { createReportCatalog, type BuiltinReport, type CatalogEntry, type CatalogReport } from './catalog';
import { derivedLabels } from './derived-filters';
import { canEdit, createCustomReports, type CustomReportsLimit } from './custom-reports';
import { createEmbeds, type EmbedsDeps } from './embeds';
import type { ModellingService } from '../modelling';
import { createReportEngine, type EngineDeps, type ReportsModelling } from './engine';
import { createReportEditor } from './editor';
import { reportNotFound } from './errors';
import { reportTimeZones, sourceWarnings } from './warnings';
import { createReportVersions } from './versions';
import { createExports } from './exports/service';
import { createChromiumRenderer, type PageRenderer } from './exports/renderer';

export type { ReportsModelling } from './engine';

export type ReportsDeps = Omit<EngineDeps, 'modelling'> & {
  /** The organization's warehouse, model version and semantic models (the modelling service). */
  modelling: ReportsModelling & Pick<ModellingService, 'semanticModel'>;
  platform: Pick<Platform, 'config' | 'secrets' | 'database' | 'rateLimiter'>;
  /** The organization's connected accounts (the sources service): a report's source warnings. */
  sourceAccounts: (organizationId: string) => Promise<ServiceAccount[]>;
  /** The users of these ids (the users service): who made each embed grant. */
  people: EmbedsDeps['people'];
  /** The organization's custom reports limit (billing). */
  customReportsLimit: CustomReportsLimit;
  /** The built-in reports; packages/warehouse's by default. */
  builtins?: readonly BuiltinReport[];
  /** What draws a page as PNG or PDF; Chromium at CHROMIUM_PATH by default. */
  renderer?: PageRenderer;
};

export type ReportsService = ReturnType<typeof createReportsService>;

export function createReportsService(deps: ReportsDeps) {
  const db = deps.platform.database.db;
  const now = deps.now ?? (() => new Date());
  const catalog = createReportCatalog({
    db,
    model: (organizationId, name) => deps.modelling.semanticModel(organizationId, name),
    builtins: deps.builtins,
  });
  const engine = createReportEngine(deps);
  const custom = createCustomReports({ db, catalog, limit: deps.customReportsLimit });
  const versions = createReportVersions({ db, catalog, people: deps.people });
  const editor = createReportEditor({ catalog });
  const embeds = createEmbeds({
    platform: deps.platform,
    db,
    catalog,
    engine,
    now,
    organizationCurrency: deps.organizationCurrency,
    people: deps.people,
    sourceAccounts: deps.sourceAccounts,
  });

  const reportExports = createExports({
    platform: deps.platform,
    catalog,
    engine,
    now,
    organizationCurrency: deps.organizationCurrency,
    renderer: deps.renderer ?? createChromiumRenderer({ executablePath: deps.platform.config.chromiumPath }),
  });

  async function find(access: OrganizationAccess, slug: string): Promise<CatalogReport> {
    const report = await catalog.find(access, slug);
    if (report === null) throw reportNotFound(slug);
    return report;
  }

  function embedReport(access: OrganizationAccess, entry: CatalogEntry): EmbedReport {
    const query = new URLSearchParams({ organization_id: access.organizationId });
    return {
      id: entry.id,
      slug: entry.slug,
      name: entry.name,
      embed_url: `${deps.platform.config.appUrl}/api/reports/${entry.slug}?${query.toString()}`,
      access_token: null,
      access_level: canEdit(access) ? 'Edit' : 'View',
      permission_level: access.role,
      demo: access.isDemo,
      is_custom: entry.isCustom,
      dataset_id: entry.datasetId,
    };
  }

  const entryOf = ({ document, model, isCustom }: CatalogReport): CatalogEntry => ({
    id: document.id,
    slug: document.slug,
    name: document.name,
    datasetId: model.name,
    isCustom,
  });

  return {
    /** spec 002 §7 List embed reports: the built-ins, then the organization's own. */
    async list(access: OrganizationAccess): Promise<ReportListResponse> {
      const entries = await catalog.list(access);
      return { reports: entries.map((entry) => embedReport(access, entry)) };
    },

    /**
     * spec 002 §7 Report access: the report, its document, how fresh its data is, and the
     * accounts feeding it that failed or need reconnecting.
     */
    async access(access: OrganizationAccess, slug: string): Promise<ReportAccessResponse> {
      const report = await find(access, slug);
      const [data_through, accounts] = await Promise.all([
        engine.dataThrough(access.organizationId, report),
        deps.sourceAccounts(access.organizationId),
      ]);
      return {
        report: embedReport(access, entryOf(report)),
        document: report.document,
        data_through,
        warnings: sourceWarnings(report.model, report.document, accounts),
        time_zones: reportTimeZones(report.model, report.document, accounts),
        ...derivedLabels(report.model),
      };
    },

    /** One visual of one page of the report, under the filters in effect. */
    async query(
      access: OrganizationAccess,
      slug: string,
      request: Omit<ReportQueryRequest, 'organization_id'>,
    ): Promise<ReportQueryResponse> {
      const report = await find(access, slug);
      if (request.report !== slug) {
        throw new AppError(422, ReportErrorType.invalidQuery, {
          message: `the request names report ${request.report}, the path ${slug}`,
        });
      }
      // Edit mode's unsaved visual runs over the model with the draft's own metrics.
      const { draft } = request;
      if (draft === undefined) return engine.query(access.organizationId, report, request);
      const opened = await editor.draftReport(access, report, draft.calculated_measures);
      return engine.query(access.organizationId, opened, request);
    },

    /** spec 002 §7 Filter options: a list filter's values, a page at a time. */
    async filterValues(
      organizationId: string,
      request: Omit<FilterOptionsRequest, 'organization_id'>,
    ): Promise<FilterOptionsResponse> {
      return engine.filterValues(
        organizationId,
        await catalog.model(organizationId, request.datasetId),
        request,
      );
    },

    /** spec 002 §2 Report save-as dialog: the view saved as a new custom report. */
    async create(
      access: OrganizationAccess,
      userId: string,
      request: Omit<CreateCustomReportRequest, 'organization_id'>,
    ): Promise<EmbedReport> {
      return embedReport(access, entryOf(await custom.create(access, userId, request)));
    },

    /** How many custom reports the organization has. */
    customReportCount: (organizationId: string) => custom.count(organizationId),

    /** Deletes a custom report (owners, admins, or who saved it). */
    remove: (access: OrganizationAccess, userId: string, slug: string) => custom.remove(access, userId, slug),
    embeds,
    /** Edit mode's saves, the version history and restore (issue 32). */
    versions,
    /** A visual as CSV, a page as PNG or PDF (issue 32); what scheduled deliveries attach. */
    exports: reportExports,
    /** The editor's fields and formula check (issue 32). */
    editor,

    cacheStats: () => engine.cacheStats(),
  };
}
