// Custom reports (spec 002 §2 Report save-as dialog, §5 Report name): the view on screen saved
// under a new name, and deleted again. Every rule is checked before the one write.
import { randomUUID } from 'node:crypto';
import {
  ReportDocumentSchema,
  can,
  clashingBuiltInName,
  withinLimit,
  decodeReportState,
  isReservedReportSlug,
  reportSlugOf,
  type CreateCustomReportRequest,
  type ReportDocument,
} from '@maya/contracts';
import { checkReportDocument, checkReportState } from '@maya/analytics';
import type { Database } from '../../platform/db/pool';
import { lockOrganization, withOrganization } from '../../platform/db/tenant';
import { planLimitReached } from '../billing';
import type { OrganizationAccess } from '../../platform/guards';
import type { CatalogReport, ReportCatalog } from './catalog';
import {
  ReportNameTaken,
  builtInReport,
  builtInReportNameTaken,
  reportEditForbidden,
  reportNotFound,
} from './errors';
import { reportsRepository as repo, reportVersionsRepository as versionsRepo } from './repository';
import { documentFromView } from './view-document';

/** spec 002 §4: access_level Edit is for owners and admins, and nobody edits a demo organization. */
export function canEdit(access: OrganizationAccess): boolean {
  return can(access, 'reports.edit');
}

/** The organization's custom reports limit (billing's entitlements; -1 unlimited). */
export type CustomReportsLimit = (organizationId: string) => Promise<number>;

export function createCustomReports(deps: {
  db: Database;
  catalog: ReportCatalog;
  limit: CustomReportsLimit;
}) {
  const { db, catalog } = deps;

  /** The source's document under the encoded state, checked against the contract and its model. */
  function savedDocument(
    source: CatalogReport,
    encodedState: string | null,
    saved: { id: string; slug: string; name: string },
  ): ReportDocument {
    const state = encodedState === null ? null : decodeReportState(encodedState);
    if (state !== null) checkReportState(source.document, state);
    const document = ReportDocumentSchema.parse(documentFromView(source.document, state, saved));
    checkReportDocument(source.model, document);
    return document;
  }

  return {
    /** Saves the view as a new custom report; answers it as the reports list will. */
    async create(
      access: OrganizationAccess,
      userId: string,
      request: Omit<CreateCustomReportRequest, 'organization_id'>,
    ): Promise<CatalogReport> {
      if (!canEdit(access)) throw reportEditForbidden();
      const slug = reportSlugOf(request.name);
      const taken = await catalog.takenSlugs(access.organizationId);
      if (isReservedReportSlug(slug) || taken.includes(slug)) throw new ReportNameTaken();
      const clash = clashingBuiltInName(request.name, catalog.builtInNames(access));
      if (clash !== null) throw builtInReportNameTaken(clash);
      const source = await catalog.find(access, request.source_slug);
      if (source === null) throw reportNotFound(request.source_slug);
      const id = randomUUID();
      const document = savedDocument(source, request.state, { id, slug, name: request.name });
      const limit = await deps.limit(access.organizationId);
      const row = await withOrganization(db, access.organizationId, async (tx) => {
        // Counted and saved under one lock: two saves racing for the plan's last report.
        await lockOrganization(tx, 'custom-reports', access.organizationId);
        if (!withinLimit(limit, (await repo.customSlugs(tx)).length))
          throw planLimitReached('custom_reports');
        const saved = await repo.insertCustom(tx, {
          id,
          organizationId: access.organizationId,
          slug,
          name: request.name,
          document,
          createdBy: userId,
        });
        // Its first version: what edit mode's history starts from (versions.ts).
        if (saved !== null) {
          await versionsRepo.insert(tx, {
            organizationId: access.organizationId,
            reportId: saved.id,
            version: 1,
            document,
            createdBy: userId,
          });
        }
        return saved;
      });
      // Another request took the slug since the check.
      if (row === null) throw new ReportNameTaken();
      return { document, model: source.model, isCustom: true, createdBy: userId };
    },

    /** How many custom reports the organization has (what the plan's custom_reports counts). */
    async count(organizationId: string): Promise<number> {
      return (await withOrganization(db, organizationId, (tx) => repo.customSlugs(tx))).length;
    },

    /** Deletes a custom report: its owners and admins, or who saved it; never in a demo. */
    async remove(access: OrganizationAccess, userId: string, slug: string): Promise<void> {
      const report = await catalog.find(access, slug);
      if (report === null) throw reportNotFound(slug);
      if (!report.isCustom) throw builtInReport(slug);
      if (access.isDemo || (!canEdit(access) && report.createdBy !== userId)) throw reportEditForbidden();
      const deleted = await withOrganization(db, access.organizationId, (tx) => repo.deleteCustom(tx, slug));
      if (!deleted) throw reportNotFound(slug);
    },
  };
}
