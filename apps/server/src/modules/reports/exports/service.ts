// Exports of a report (issue 32, "Sharing the result"): a visual's rows as CSV, and a page drawn
// by the server's Chromium as PNG or PDF. The page is the SPA's internal render page, opened with
// a render token (render-token.ts) that reads one page of one report of one organization for a
// few minutes through the public /render routes, under the state it names and nothing else.
import {
  ReportErrorType,
  ReportExportErrorType,
  decodeReportState,
  encodeReportState,
  exportFileName,
  type EmbedAccessResponse,
  type EmbedQueryRequest,
  type PageExportFormat,
  type ReportDocument,
  type ReportQueryResponse,
  type ReportState,
  type VisualCsvRequest,
} from '@maya/contracts';
import { checkReportState, effectiveFilters, queriedVisual } from '@maya/analytics';
import { AppError } from '../../../platform/errors';
import type { Platform } from '../../../platform/platform';
import type { CatalogReport, ReportCatalog } from '../catalog';
import { derivedLabels } from '../derived-filters';
import type { ReportEngine } from '../engine';
import { reportNotFound } from '../errors';
import { allPages, answerCsv } from './csv';
import type { PageRenderer } from './renderer';
import {
  RENDER_TOKEN_KEY_PURPOSE,
  RENDER_TOKEN_TTL_MS,
  signRenderToken,
  verifyRenderToken,
  type RenderClaims,
} from './render-token';

/** Who asks for an export: the organization (and whether it is a demo one, which finds -demo). */
export type ExportOrganization = { organizationId: string; isDemo: boolean };

export type ExportsDeps = {
  platform: Pick<Platform, 'config' | 'secrets' | 'rateLimiter'>;
  catalog: ReportCatalog;
  engine: ReportEngine;
  now: () => Date;
  organizationCurrency: (organizationId: string) => Promise<string>;
  renderer: PageRenderer;
};

/** A file to answer with. */
export type ExportFile = { filename: string; contentType: string; body: Buffer | string };

/** Pages one organization may have drawn per hour (each is a browser's work for seconds). */
const RENDERS_PER_HOUR = 120;

const CONTENT_TYPES: Record<PageExportFormat, string> = { png: 'image/png', pdf: 'application/pdf' };

export const invalidRenderToken = () =>
  new AppError(401, ReportExportErrorType.invalidRenderToken, { message: 'This render link is not valid.' });

/** The state drawn: the one given (checked against the document) on `page`, else the report's own. */
function stateOn(document: ReportDocument, page: string, encoded: string | null): string | null {
  if (!document.pages.some((p) => p.name === page)) {
    throw new AppError(422, ReportErrorType.reportNotFound, { message: `the report has no page ${page}` });
  }
  if (encoded === null) return null;
  const state = decodeReportState(encoded);
  checkReportState(document, state);
  return state.page === page ? encoded : encodeReportState({ ...state, page });
}

/** The document the render page sees: the token's page alone, shown. */
function renderedDocument(document: ReportDocument, page: string): ReportDocument {
  const pages = document.pages.filter((p) => p.name === page).map((p) => ({ ...p, visibility: 0 as const }));
  return { ...document, pages };
}

export function createExports(deps: ExportsDeps) {
  const key = deps.platform.secrets.derive(RENDER_TOKEN_KEY_PURPOSE);

  async function find(organization: ExportOrganization, slug: string): Promise<CatalogReport> {
    const report = await deps.catalog.find(organization, slug);
    if (report === null) throw reportNotFound(slug);
    return report;
  }

  /** The token's claims and report; 401 for a token that is not one of ours, live. */
  async function open(token: string): Promise<{ claims: RenderClaims; report: CatalogReport }> {
    const claims = verifyRenderToken(key, token, deps.now());
    if (claims === null) throw invalidRenderToken();
    const report = await deps.catalog.find(
      { organizationId: claims.organizationId, isDemo: claims.demo },
      claims.report,
    );
    if (report === null || !report.document.pages.some((p) => p.name === claims.page)) {
      throw invalidRenderToken();
    }
    return { claims, report };
  }

  return {
    /**
     * The page a view of the report draws (the state's, else the report's first) and the
     * report's name; 404 for a report the organization does not have, 422 for a state it
     * cannot show. What a schedule checks when it is made.
     */
    async view(
      organization: ExportOrganization,
      slug: string,
      state: string | null,
    ): Promise<{ page: string; reportName: string }> {
      const report = await find(organization, slug);
      const page = state === null ? report.document.pages[0]?.name : decodeReportState(state).page;
      if (page === undefined) throw reportNotFound(slug);
      stateOn(report.document, page, state);
      return { page, reportName: report.document.name };
    },

    /** POST /reports/{slug}/export/csv: the visual's rows (a table's every page) as CSV. */
    async csv(
      organization: ExportOrganization,
      slug: string,
      request: VisualCsvRequest,
    ): Promise<ExportFile> {
      const report = await find(organization, slug);
      if (request.report !== slug) {
        throw new AppError(422, ReportErrorType.invalidQuery, {
          message: `the request names report ${request.report}, the path ${slug}`,
        });
      }
      const { visual } = queriedVisual(report.document, report.model, request);
      const { organization_id: _organizationId, report: _report, ...query } = request;
      const run = (offset: number) =>
        deps.engine.query(organization.organizationId, report, offset > 0 ? { ...query, offset } : query);
      const answers = visual.kind === 'table' ? await allPages(run) : [await run(0)];
      const currency = await deps.organizationCurrency(organization.organizationId);
      return {
        filename: `${exportFileName(report.document.name, visual.title ?? visual.id)}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: answerCsv(answers, currency),
      };
    },

    /**
     * A page of the report under `state`, drawn by the server's Chromium through a render token
     * that lives for the render alone. Also what a scheduled delivery attaches.
     */
    async page(
      organization: ExportOrganization,
      slug: string,
      request: { page: string; state: string | null; format: PageExportFormat },
    ): Promise<ExportFile> {
      const report = await find(organization, slug);
      const state = stateOn(report.document, request.page, request.state);
      await deps.platform.rateLimiter.check([
        { key: `report-render:${organization.organizationId}`, max: RENDERS_PER_HOUR, windowSeconds: 3600 },
      ]);
      const token = signRenderToken(key, {
        organizationId: organization.organizationId,
        report: slug,
        page: request.page,
        state,
        demo: organization.isDemo,
        expiresAt: deps.now().getTime() + RENDER_TOKEN_TTL_MS,
      });
      const body = await deps.renderer.render(
        `${deps.platform.config.appUrl}/render#${token}`,
        request.format,
      );
      const page = report.document.pages.find((p) => p.name === request.page);
      return {
        filename: `${exportFileName(report.document.name, page?.display_name ?? request.page)}.${request.format}`,
        contentType: CONTENT_TYPES[request.format],
        body,
      };
    },

    /** POST /render/access: the token's report with its one page, and the state to draw. */
    async renderAccess(token: string): Promise<EmbedAccessResponse> {
      const { claims, report } = await open(token);
      const { organizationId } = claims;
      const [data_through, currency_id] = await Promise.all([
        deps.engine.dataThrough(organizationId, report),
        deps.organizationCurrency(organizationId),
      ]);
      const { document, model, isCustom } = report;
      return {
        report: {
          id: document.id,
          slug: document.slug,
          name: document.name,
          embed_url: `${deps.platform.config.appUrl}/render`,
          access_token: null,
          access_level: 'View',
          permission_level: 'member',
          demo: claims.demo,
          is_custom: isCustom,
          dataset_id: model.name,
        },
        document: renderedDocument(document, claims.page),
        data_through,
        state: claims.state,
        currency_id,
        allow_filtering: false,
        ...derivedLabels(model),
      };
    },

    /**
     * POST /render/query: a visual of the token's page, under the token's state whatever the
     * request says: its filters and ad-hoc visual are the server's copy; only the sort and a
     * table's page are the request's.
     */
    async renderQuery(token: string, request: EmbedQueryRequest): Promise<ReportQueryResponse> {
      const { claims, report } = await open(token);
      if (request.page !== claims.page) throw invalidRenderToken();
      const state: ReportState | null = claims.state === null ? null : decodeReportState(claims.state);
      const page = report.document.pages.find((p) => p.name === claims.page);
      if (page === undefined) throw invalidRenderToken();
      const adhoc = state?.adhoc;
      const own = adhoc?.page === claims.page && adhoc.visual.id === request.visual_id;
      return deps.engine.query(claims.organizationId, report, {
        page: claims.page,
        visual_id: request.visual_id,
        filters: effectiveFilters(report.document, page, state),
        date_range: null,
        sort: request.sort,
        ...(request.offset === undefined ? {} : { offset: request.offset }),
        ...(own ? { visual: adhoc.visual } : {}),
      });
    },
  };
}

export type ReportExports = ReturnType<typeof createExports>;
