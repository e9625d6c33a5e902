import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { customReports, reportEmbeds } from './schema';

export type CustomReportRow = typeof customReports.$inferSelect;
export type ReportEmbedRow = typeof reportEmbeds.$inferSelect;

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

  /** Records an embed grant; the organization's expired ones are dropped on the way. */
  async insertEmbed(
    tx: Transaction,
    row: Pick<
      typeof reportEmbeds.$inferInsert,
      'organizationId' | 'reportSlug' | 'state' | 'demo' | 'createdBy' | 'expiresAt'
    >,
  ): Promise<ReportEmbedRow> {
    await tx.delete(reportEmbeds).where(lt(reportEmbeds.expiresAt, sql`now()`));
    const [saved] = await tx.insert(reportEmbeds).values(row).returning();
    if (!saved) throw new Error('report embed vanished after insert');
    return saved;
  },

  async findEmbed(tx: Transaction, id: string): Promise<ReportEmbedRow | null> {
    const [row] = await tx
      .select()
      .from(reportEmbeds)
      .where(and(eq(reportEmbeds.id, id), sql`${reportEmbeds.expiresAt} > now()`));
    return row ?? null;
  },
};
