// Embedding a report in another site (DESIGN.md Reports; docs/decisions.md, "Embed grants"): an
// owner or admin grants the view on screen, optionally until an expiry and optionally letting
// viewers narrow it; the signed token names the grant, which every embedded request reads, so a
// revoked or expired grant is refused at once by every API process. Read-only by construction:
// the routes that take a token only open, query and list filter values, under the view's filters.
import {
  ReportErrorType,
  can,
  decodeReportState,
  encodeReportState,
  type EmbedAccessResponse,
  type EmbedFilterOptionsRequest,
  type EmbedGrant,
  type EmbedGrantListResponse,
  type EmbedReport,
  type EmbedTokenRequest,
  type EmbedTokenResponse,
  type FilterOptionsResponse,
  type ReportQueryResponse,
  type ServiceAccount,
} from '@maya/contracts';
import { checkReportState } from '@maya/analytics';
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import type { CatalogReport, ReportCatalog } from './catalog';
import { derivedLabels } from './derived-filters';
import { scopedFilterValues, scopedQuery, type EmbedScope } from './embed-scope';
import { EMBED_TOKEN_KEY_PURPOSE, signEmbedToken, verifyEmbedToken } from './embed-token';
import type { ReportEngine, VisualRequest } from './engine';
import {
  embedNotFound,
  invalidEmbedExpiry,
  invalidEmbedToken,
  reportEditForbidden,
  reportNotFound,
} from './errors';
import { reportsRepository as repo, type ReportEmbedRow } from './repository';
import { embeddedDocument } from './view-document';
import { reportTimeZones } from './warnings';

/** A member as a grant names its creator. */
export type Person = { id: string; email: string; name: string | null };

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
  /** The users of these ids (the users service): who made each grant. */
  people: (ids: string[]) => Promise<Person[]>;
  /** The organization's connected accounts (sources): the time zones their days are counted in. */
  sourceAccounts: (organizationId: string) => Promise<ServiceAccount[]>;
};

/** Tokens a user may create per hour; reads a token may make per minute (a dashboard is ~20). */
const TOKENS_PER_HOUR = 60;
const READS_PER_MINUTE = 600;

/** An opened token: its grant, the report as the embedded viewer sees it, and what it may read. */
type Opened = { token: string; grant: ReportEmbedRow; report: CatalogReport; scope: EmbedScope };

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

/** The expiry asked for, which must lie ahead; null for none. */
function expiryOf(expiresAt: string | null | undefined, now: Date): Date | null {
  if (expiresAt === null || expiresAt === undefined) return null;
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) throw invalidEmbedExpiry();
  return at;
}

/** Embedding shows the organization's data outside it: owners and admins decide that. */
function requireManager(access: OrganizationAccess): void {
  if (!can(access, 'reports.embed')) throw reportEditForbidden('embed its reports');
}

export function createEmbeds(deps: EmbedsDeps) {
  const { config, secrets, rateLimiter } = deps.platform;
  const key = secrets.derive(EMBED_TOKEN_KEY_PURPOSE);
  const embedUrl = (token: string) => `${config.appUrl}/embed/${token}`;
  const tokenOf = (grant: Pick<ReportEmbedRow, 'id' | 'organizationId'>) =>
    signEmbedToken(key, { grantId: grant.id, organizationId: grant.organizationId });

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

  /** The token's live grant and report; 401 for anything a valid, live token would not be. */
  async function open(token: string): Promise<Opened> {
    const claims = verifyEmbedToken(key, token);
    if (claims === null) throw invalidEmbedToken('invalid');
    const { grantId, organizationId } = claims;
    await rateLimiter.check([{ key: `report-embed:${grantId}`, max: READS_PER_MINUTE, windowSeconds: 60 }]);
    // Read on every request, never remembered: revoking must hold at once on every process.
    const grant = await withOrganization(deps.db, organizationId, (tx) => repo.findEmbed(tx, grantId));
    if (grant?.organizationId !== organizationId || grant.revokedAt !== null) {
      throw invalidEmbedToken('revoked');
    }
    if (grant.expiresAt !== null && grant.expiresAt.getTime() <= deps.now().getTime()) {
      throw invalidEmbedToken('expired');
    }
    const report = await deps.catalog.find({ organizationId, isDemo: grant.demo }, grant.reportSlug);
    if (report === null) throw invalidEmbedToken('revoked');
    const scope: EmbedScope = {
      document: report.document,
      state: grant.state === null ? null : decodeReportState(grant.state),
      allowFiltering: grant.allowFiltering,
    };
    return { token, grant, report: { ...report, document: embeddedDocument(report.document) }, scope };
  }

  function grantOf(row: ReportEmbedRow, creators: Map<string, Person>, now: Date): EmbedGrant {
    const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
    return {
      id: row.id,
      report_slug: row.reportSlug,
      state: row.state,
      allow_filtering: row.allowFiltering,
      created_at: row.createdAt.toISOString(),
      created_by: (row.createdBy === null ? null : creators.get(row.createdBy)) ?? null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      status: expired ? 'expired' : 'active',
      embed_url: embedUrl(tokenOf(row)),
    };
  }

  return {
    /** POST /reports/{slug}/embed-token: a grant of the report under the state on screen. */
    async createToken(
      access: OrganizationAccess,
      userId: string,
      slug: string,
      request: Omit<EmbedTokenRequest, 'organization_id'>,
    ): Promise<EmbedTokenResponse> {
      requireManager(access);
      const report = await deps.catalog.find(access, slug);
      if (report === null) throw reportNotFound(slug);
      const state = embedState(report, request.state);
      const now = deps.now();
      const expiresAt = expiryOf(request.expires_at, now);
      await rateLimiter.check([
        { key: `report-embed-token:${userId}`, max: TOKENS_PER_HOUR, windowSeconds: 3600 },
      ]);
      const grant = await withOrganization(deps.db, access.organizationId, (tx) =>
        repo.insertEmbed(
          tx,
          {
            organizationId: access.organizationId,
            reportSlug: slug,
            state,
            allowFiltering: request.allow_filtering ?? false,
            demo: access.isDemo,
            createdBy: userId,
            expiresAt,
          },
          now,
        ),
      );
      const token = tokenOf(grant);
      return {
        id: grant.id,
        token,
        expires_at: grant.expiresAt?.toISOString() ?? null,
        embed_url: embedUrl(token),
      };
    },

    /** GET /reports/{slug}/embeds: the report's grants not revoked, newest first. */
    async list(access: OrganizationAccess, slug: string): Promise<EmbedGrantListResponse> {
      requireManager(access);
      if ((await deps.catalog.find(access, slug)) === null) throw reportNotFound(slug);
      const rows = await withOrganization(deps.db, access.organizationId, (tx) => repo.listEmbeds(tx, slug));
      const ids = [...new Set(rows.flatMap((row) => (row.createdBy === null ? [] : [row.createdBy])))];
      const creators = new Map((await deps.people(ids)).map((person) => [person.id, person]));
      const now = deps.now();
      return { embeds: rows.map((row) => grantOf(row, creators, now)) };
    },

    /** DELETE /reports/{slug}/embeds/{id}: its token is refused from now on. */
    async revoke(access: OrganizationAccess, slug: string, id: string): Promise<void> {
      requireManager(access);
      const at = deps.now();
      const revoked = await withOrganization(deps.db, access.organizationId, (tx) =>
        repo.revokeEmbed(tx, slug, id, at),
      );
      if (!revoked) throw embedNotFound();
    },

    /** GET /embed/{token}: the report, its visible pages, its freshness, and the state to open. */
    async access(token: string): Promise<EmbedAccessResponse> {
      const opened = await open(token);
      const { organizationId, id } = opened.grant;
      const [data_through, currency_id, accounts] = await Promise.all([
        deps.engine.dataThrough(organizationId, opened.report),
        deps.organizationCurrency(organizationId),
        deps.sourceAccounts(organizationId),
        withOrganization(deps.db, organizationId, (tx) => repo.touchEmbed(tx, id, deps.now())),
      ]);
      return {
        report: embedReport(opened),
        document: opened.report.document,
        data_through,
        // Which zone a day is in, as the app's dashboard says it; not the accounts' failures.
        time_zones: reportTimeZones(opened.report.model, opened.report.document, accounts),
        state: opened.grant.state,
        currency_id,
        allow_filtering: opened.grant.allowFiltering,
        ...derivedLabels(opened.report.model),
      };
    },

    /** POST /embed/{token}/query: a visual of a visible page, under the view's filters. */
    async query(token: string, request: VisualRequest): Promise<ReportQueryResponse> {
      const opened = await open(token);
      const scoped = scopedQuery(opened.scope, request);
      return deps.engine.query(opened.grant.organizationId, opened.report, scoped);
    },

    /** GET /embed/{token}/filter-values: values of the view's filter columns, among its rows. */
    async filterValues(token: string, request: EmbedFilterOptionsRequest): Promise<FilterOptionsResponse> {
      const opened = await open(token);
      const filters = scopedFilterValues(opened.scope, request);
      const { page: _page, ...values } = request;
      return deps.engine.filterValues(opened.grant.organizationId, opened.report.model, values, filters);
    },
  };
}
