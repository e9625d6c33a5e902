// Edit mode's saves (issue 32): each save of a custom report's document is its next version,
// written with the version it was edited from, so that a save over someone else's newer one is
// refused (409) instead of losing their work; the history lists who saved each and when, and a
// restore saves an old version again as the newest. The built-ins are never changed: edit mode
// saves them as a copy (save as) first. Every document is checked against the organization's
// model before the one transaction that writes it.
import {
  ReportDocumentSchema,
  ReportVersionErrorType,
  reportVersionMessages,
  type ReportDocument,
  type ReportVersionsResponse,
} from '@maya/contracts';
import { checkReportDocument, ReportQueryError } from '@maya/analytics';
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { CatalogReport, ReportCatalog } from './catalog';
import { canEdit } from './custom-reports';
import type { Person } from './embeds';
import { builtInReport, reportEditForbidden, reportNotFound } from './errors';
import { reportsRepository, reportVersionsRepository as repo } from './repository';

const conflict = () =>
  new AppError(409, ReportVersionErrorType.conflict, { message: reportVersionMessages.conflict });

const versionNotFound = (version: number) =>
  new AppError(404, ReportVersionErrorType.notFound, {
    message: `the report has no version ${String(version)}`,
  });

export function createReportVersions(deps: {
  db: Database;
  catalog: ReportCatalog;
  people: (ids: string[]) => Promise<Person[]>;
}) {
  const { db, catalog } = deps;

  /** The custom report `access` may edit. */
  async function editable(access: OrganizationAccess, slug: string): Promise<CatalogReport> {
    if (!canEdit(access)) throw reportEditForbidden('edit its reports');
    const report = await catalog.find(access, slug);
    if (report === null) throw reportNotFound(slug);
    if (!report.isCustom) throw builtInReport(slug);
    return report;
  }

  /** `document` as the report's: its id, slug and name kept, checked against its model. */
  async function checked(access: OrganizationAccess, report: CatalogReport, document: ReportDocument) {
    const current = report.document;
    if (document.model !== current.model) {
      throw new ReportQueryError(
        'invalid_report_query',
        `the report reads ${current.model}, not ${document.model}`,
      );
    }
    const next = ReportDocumentSchema.parse({
      ...document,
      id: current.id,
      slug: current.slug,
      name: current.name,
    });
    const model = await catalog.model(access.organizationId, next.model);
    if (model === null) throw reportNotFound(current.slug);
    checkReportDocument(model, next);
    return next;
  }

  /** Writes `document` as the version after `baseVersion`; 409 when that is not the newest. */
  async function write(
    access: OrganizationAccess,
    userId: string,
    slug: string,
    document: ReportDocument,
    baseVersion: number,
  ): Promise<{ version: number }> {
    return withOrganization(db, access.organizationId, async (tx) => {
      const locked = await repo.lockReport(tx, slug);
      if (locked === null) throw reportNotFound(slug);
      if (locked.version !== baseVersion) throw conflict();
      const version = locked.version + 1;
      await repo.insert(tx, {
        organizationId: access.organizationId,
        reportId: locked.id,
        version,
        document,
        createdBy: userId,
      });
      await repo.setCurrent(tx, locked.id, version, document);
      return { version };
    });
  }

  return {
    /** Saves the edited document as the report's next version. */
    async save(
      access: OrganizationAccess,
      userId: string,
      slug: string,
      request: { document: ReportDocument; base_version: number },
    ): Promise<{ version: number }> {
      const report = await editable(access, slug);
      const document = await checked(access, report, request.document);
      return write(access, userId, slug, document, request.base_version);
    },

    /** The report's versions, newest first, with who saved each. */
    async list(access: OrganizationAccess, slug: string): Promise<ReportVersionsResponse> {
      // Only custom reports have versions: a built-in's slug finds no row.
      const rows = await withOrganization(db, access.organizationId, async (tx) => {
        const report = await reportsRepository.findCustom(tx, slug);
        return report === null ? null : { current: report.version, versions: await repo.list(tx, report.id) };
      });
      if (rows === null) throw reportNotFound(slug);
      const ids = [...new Set(rows.versions.flatMap((v) => (v.createdBy === null ? [] : [v.createdBy])))];
      const people = new Map((await deps.people(ids)).map((p) => [p.id, p]));
      return {
        current: rows.current,
        versions: rows.versions.map((v) => {
          const person = v.createdBy === null ? undefined : people.get(v.createdBy);
          return {
            version: v.version,
            created_at: v.createdAt.toISOString(),
            created_by:
              person === undefined ? null : { id: person.id, name: person.name ?? '', email: person.email },
          };
        }),
      };
    },

    /** Saves version `version` again as the newest, checked against today's model. */
    async restore(
      access: OrganizationAccess,
      userId: string,
      slug: string,
      version: number,
      baseVersion: number,
    ): Promise<{ version: number }> {
      const report = await editable(access, slug);
      // A custom report's document carries its row's id (save as gives both the same).
      const old = await withOrganization(db, access.organizationId, (tx) =>
        repo.find(tx, report.document.id, version),
      );
      if (old === null) throw versionNotFound(version);
      const document = await checked(access, report, old.document);
      return write(access, userId, slug, document, baseVersion);
    },
  };
}
