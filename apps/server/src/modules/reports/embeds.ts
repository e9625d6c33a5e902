// Embedding a report in another site (DESIGN.md Reports): a member creates a signed, short-lived
// token for a report and the view on screen; anyone holding it reads that report, and nothing
// else, through the /embed routes until it expires. Read-only by construction: the routes that
// take a token only open, query and list filter values.
import {
  EMBED_TOKEN_LIFETIME_SECONDS,
  ReportErrorType,
  decodeReportState,
  encodeReportState,
  type EmbedAccessResponse,
  type EmbedFilterOptionsRequest,
  type EmbedReport,
  type EmbedTokenResponse,
  type FilterOptionsResponse,
  type ReportQueryResponse,
} from '@maya/contracts';
import { checkReportState } from '@maya/warehouse';
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import type { CatalogReport, ReportCatalog } from './catalog';
import { EMBED_TOKEN_KEY_PURPOSE, signEmbedToken, verifyEmbedToken } from './embed-token';
import type { ReportEngine, VisualRequest } from './engine';
import { invalidEmbedToken, reportEditForbidden, reportNotFound } from './errors';
import { reportsRepository as repo, type ReportEmbedRow } from './repository';
import { embeddedDocument } from './view-document';

export type EmbedsDeps = {
  platform: Pick<Platform, 'config' | 'secrets' | 'rateLimiter'>;
  db: Database;
  catalog: ReportCatalog;
  engine: ReportEngine;
  now: () => Date;
  /**
   * The organization's currency (the organizations service's `currency_id`), which the embedded
   * report shows amounts in: its viewer has no session to read the organization with.
   */
  organizationCurrency: (organizationId: string) => Promise<string>;
};

/** Tokens a user may create per hour; reads a token may make per minute (a dashboard is ~20). */
const TOKENS_PER_HOUR = 60;
const READS_PER_MINUTE = 600;

/** An opened token: its grant, and the report as the embedded viewer sees it. */
type Opened = { token: string; grant: ReportEmbedRow; report: CatalogReport };

/**
 * The state an embed opens with: validated against the document; a page hidden in embedded
 * reports gives way to the first visible one.
 */
function embedState(report: CatalogReport, encoded: string | null): string | null {
  const visible = embeddedDocument(report.document);
  if (visible.pages.length === 0) {
    throw new AppError(422, ReportErrorType.invalidQuery, {
      message: `every page of ${report.document.slug} is hidden in embedded reports`,
    });
  }
  if (encoded === null) return null;
  const state = decodeReportState(encoded);
  checkReportState(report.document, state);
  const firstVisible = visible.pages[0]?.name ?? state.page;
  const page = visible.pages.some((p) => p.name === state.page) ? state.page : firstVisible;
  return page === state.page ? encoded : encodeReportState({ ...state, page });
}

export function createEmbeds(deps: EmbedsDeps) {
  const { config, secrets, rateLimiter } = deps.platform;
  const key = secrets.derive(EMBED_TOKEN_KEY_PURPOSE);
  const embedUrl = (token: string) => `${config.appUrl}/embed/${token}`;

  function embedReport(opened: Opened): EmbedReport {
    const { document, model, isCustom } = opened.report;
    return {
      id: document.id,
      slug: document.slug,
      name: document.name,
      embed_url: embedUrl(opened.token),
      access_token: opened.token,
      // An embedded viewer reads; the least role stands for whoever that is.
      access_level: 'View',
      permission_level: 'member',
      demo: opened.grant.demo,
      is_custom: isCustom,
      dataset_id: model.name,
    };
  }

  /** The token's grant and report; 401 for anything a valid, live token would not be. */
  async function open(token: string): Promise<Opened> {
    const checked = verifyEmbedToken(key, token, deps.now());
    if (!checked.ok) throw invalidEmbedToken(checked.reason);
    const { grantId, organizationId } = checked.claims;
    await rateLimiter.check([{ key: `report-embed:${grantId}`, max: READS_PER_MINUTE, windowSeconds: 60 }]);
    const grant = await withOrganization(deps.db, organizationId, (tx) => repo.findEmbed(tx, grantId));
    if (grant === null) throw invalidEmbedToken('revoked');
    const report = await deps.catalog.find({ organizationId, isDemo: grant.demo }, grant.reportSlug);
    if (report === null) throw invalidEmbedToken('revoked');
    return { token, grant, report: { ...report, document: embeddedDocument(report.document) } };
  }

  return {
    /** POST /reports/{slug}/embed-token: a token for the report under the state on screen. */
    async createToken(
      access: OrganizationAccess,
      userId: string,
      slug: string,
      encodedState: string | null,
    ): Promise<EmbedTokenResponse> {
      // Embedding shows the organization's data outside it: owners and admins decide that.
      if (access.role === 'member') throw reportEditForbidden('embed its reports');
      const report = await deps.catalog.find(access, slug);
      if (report === null) throw reportNotFound(slug);
      const state = embedState(report, encodedState);
      await rateLimiter.check([
        { key: `report-embed-token:${userId}`, max: TOKENS_PER_HOUR, windowSeconds: 3600 },
      ]);
      // Whole seconds: the token carries its expiry so.
      const expiresAt = new Date(
        Math.floor(deps.now().getTime() / 1000) * 1000 + EMBED_TOKEN_LIFETIME_SECONDS * 1000,
      );
      const grant = await withOrganization(deps.db, access.organizationId, (tx) =>
        repo.insertEmbed(tx, {
          organizationId: access.organizationId,
          reportSlug: slug,
          state,
          demo: access.isDemo,
          createdBy: userId,
          expiresAt,
        }),
      );
      const token = signEmbedToken(key, {
        grantId: grant.id,
        organizationId: access.organizationId,
        expiresAt,
      });
      return { token, expires_at: expiresAt.toISOString(), embed_url: embedUrl(token) };
    },

    /** GET /embed/{token}: the report, its visible pages, its freshness, and the state to open. */
    async access(token: string): Promise<EmbedAccessResponse> {
      const opened = await open(token);
      const { organizationId } = opened.grant;
      const [data_through, currency_id] = await Promise.all([
        deps.engine.dataThrough(organizationId, opened.report),
        deps.organizationCurrency(organizationId),
      ]);
      return {
        report: embedReport(opened),
        document: opened.report.document,
        data_through,
        state: opened.grant.state,
        currency_id,
      };
    },

    /** POST /embed/{token}/query: a visual of a visible page, as the app's query answers it. */
    async query(token: string, request: VisualRequest): Promise<ReportQueryResponse> {
      const opened = await open(token);
      return deps.engine.query(opened.grant.organizationId, opened.report, request);
    },

    /** GET /embed/{token}/filter-values: values of the embedded report's own dataset only. */
    async filterValues(token: string, request: EmbedFilterOptionsRequest): Promise<FilterOptionsResponse> {
      const opened = await open(token);
      return deps.engine.filterValues(opened.grant.organizationId, opened.report.model, request);
    },
  };
}
