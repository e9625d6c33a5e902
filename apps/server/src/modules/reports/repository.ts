import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReportDocument } from '@maya/contracts';
import type { Transaction } from '../../platform/db/pool';
import { customReportVersions, customReports, reportEmbeds } from './schema';

export type CustomReportRow = typeof customReports.$inferSelect;
export type ReportEmbedRow = typeof reportEmbeds.$inferSelect;
export type ReportVersionRow = typeof customReportVersions.$inferSelect;

/** A custom report as the reports list shows it, without its document. */
export type CustomReportEntry = Pick<CustomReportRow, 'id' | 'slug' | 'name'> & { model: string };

/** The reports tables; every call runs inside withOrganization (row-level security). */
export const reportsRepository = {
  /** The organization's custom reports by name (the sidebar's order). */
  async listCustom(tx: Transaction): Promise<CustomReportEntry[]> {
    return tx
      .select({
        id: customReports.id,
        slug: customReports.slug,
        name: customReports.name,
        model: sql<string>`${customReports.document}->>'model'`,
      })
      .from(customReports)
      .orderBy(asc(sql`lower(${customReports.name})`), asc(customReports.createdAt));
  },

  async customSlugs(tx: Transaction): Promise<string[]> {
    const rows = await tx.select({ slug: customReports.slug }).from(customReports);
    return rows.map((r) => r.slug);
  },

  async findCustom(tx: Transaction, slug: string): Promise<CustomReportRow | null> {
    const [row] = await tx.select().from(customReports).where(eq(customReports.slug, slug));
    return row ?? null;
  },

  /** Inserts the report; null when the slug was taken meanwhile (the unique key). */
  async insertCustom(
    tx: Transaction,
    row: Pick<
      typeof customReports.$inferInsert,
      'id' | 'organizationId' | 'slug' | 'name' | 'document' | 'createdBy'
    >,
  ): Promise<CustomReportRow | null> {
    const [saved] = await tx.insert(customReports).values(row).onConflictDoNothing().returning();
    return saved ?? null;
  },

  /** Deletes the report and the embed grants of its slug. */
  async deleteCustom(tx: Transaction, slug: string): Promise<boolean> {
    const deleted = await tx.delete(customReports).where(eq(customReports.slug, slug)).returning({
      id: customReports.id,
    });
    if (deleted.length === 0) return false;
    await tx.delete(reportEmbeds).where(eq(reportEmbeds.reportSlug, slug));
    return true;
  },

  /**
   * Records an embed grant; the organization's grants revoked or expired a month before `now`
   * are dropped on the way (until then the dialog lists the expired ones).
   */
  async insertEmbed(
    tx: Transaction,
    row: Pick<
      typeof reportEmbeds.$inferInsert,
      'organizationId' | 'reportSlug' | 'state' | 'allowFiltering' | 'demo' | 'createdBy' | 'expiresAt'
    >,
    now: Date,
  ): Promise<ReportEmbedRow> {
    const cutoff = new Date(now.getTime() - 30 * 86_400_000);
    await tx
      .delete(reportEmbeds)
      .where(or(lt(reportEmbeds.revokedAt, cutoff), lt(reportEmbeds.expiresAt, cutoff)));
    const [saved] = await tx.insert(reportEmbeds).values(row).returning();
    if (!saved) throw new Error('report embed vanished after insert');
    return saved;
  },

  /** The grant, revoked and expired ones too: the caller tells them apart with its own clock. */
  async findEmbed(tx: Transaction, id: string): Promise<ReportEmbedRow | null> {
    const [row] = await tx.select().from(reportEmbeds).where(eq(reportEmbeds.id, id));
    return row ?? null;
  },

  /** The report's grants not revoked, newest first. */
  async listEmbeds(tx: Transaction, reportSlug: string): Promise<ReportEmbedRow[]> {
    return tx
      .select()
      .from(reportEmbeds)
      .where(and(eq(reportEmbeds.reportSlug, reportSlug), isNull(reportEmbeds.revokedAt)))
      .orderBy(desc(reportEmbeds.createdAt), desc(reportEmbeds.id));
  },

  /** Revokes the report's grant (again is no change); false when the report has no such grant. */
  async revokeEmbed(tx: Transaction, reportSlug: string, id: string, at: Date): Promise<boolean> {
    const revoked = await tx
      .update(reportEmbeds)
      .set({ revokedAt: sql`coalesce(${reportEmbeds.revokedAt}, ${at})` })
      .where(and(eq(reportEmbeds.id, id), eq(reportEmbeds.reportSlug, reportSlug)))
      .returning({ id: reportEmbeds.id });
    return revoked.length > 0;
  },

  /** Notes that the grant was opened at `at`, at most once a minute (a dashboard opens often). */
  async touchEmbed(tx: Transaction, id: string, at: Date): Promise<void> {
    const minuteBefore = new Date(at.getTime() - 60_000);
    await tx
      .update(reportEmbeds)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(reportEmbeds.id, id),
          or(isNull(reportEmbeds.lastUsedAt), lt(reportEmbeds.lastUsedAt, minuteBefore)),
        ),
      );
  },
};

/** A custom report's versions (issue 32); every call runs inside withOrganization. */
export const reportVersionsRepository = {
  /** The report's id and newest version, the row locked until the transaction ends. */
  async lockReport(tx: Transaction, slug: string): Promise<{ id: string; version: number } | null> {
    const [row] = await tx
      .select({ id: customReports.id, version: customReports.version })
      .from(customReports)
      .where(eq(customReports.slug, slug))
      .for('update');
    return row ?? null;
  },

  async insert(
    tx: Transaction,
    row: Pick<
      typeof customReportVersions.$inferInsert,
      'organizationId' | 'reportId' | 'version' | 'document' | 'createdBy'
    >,
  ): Promise<void> {
    await tx.insert(customReportVersions).values(row);
  },

  /** Makes `document` the report's, as its version `version`. */
  async setCurrent(
    tx: Transaction,
    reportId: string,
    version: number,
    document: ReportDocument,
  ): Promise<void> {
    await tx
      .update(customReports)
      .set({ document, version, updatedAt: sql`now()` })
      .where(eq(customReports.id, reportId));
  },

  /** Newest first, without their documents. */
  async list(tx: Transaction, reportId: string): Promise<Omit<ReportVersionRow, 'document'>[]> {
    return tx
      .select({
        organizationId: customReportVersions.organizationId,
        reportId: customReportVersions.reportId,
        version: customReportVersions.version,
        createdBy: customReportVersions.createdBy,
        createdAt: customReportVersions.createdAt,
      })
      .from(customReportVersions)
      .where(eq(customReportVersions.reportId, reportId))
      .orderBy(desc(customReportVersions.version));
  },

  async find(tx: Transaction, reportId: string, version: number): Promise<ReportVersionRow | null> {
    const [row] = await tx
      .select()
      .from(customReportVersions)
      .where(and(eq(customReportVersions.reportId, reportId), eq(customReportVersions.version, version)));
    return row ?? null;
  },
};
