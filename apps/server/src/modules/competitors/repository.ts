import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { competitionReports, competitionSerpCache, competitionSpend, type CachedSerpItem } from './schema';

export type CompetitionReportRow = typeof competitionReports.$inferSelect;
type ReportFields = Pick<
  CompetitionReportRow,
  'accountId' | 'countryCode' | 'filterColumn' | 'filterValue' | 'searchTermsNumber' | 'orderBy'
>;
export type RunUpdate = {
  runStatus: NonNullable<CompetitionReportRow['runStatus']>;
  runStartedAt?: Date | null;
  runFinishedAt?: Date | null;
  runMonth?: string | null;
  runError?: string | null;
  runTerms?: number;
  runRequests?: number;
  runCostMicros?: number;
};

/** An organization's competition reports, their SERP cache and spend; every call runs inside withOrganization. */
export const competitorsRepository = {
  list(tx: Transaction, filterColumn: string | null = null): Promise<CompetitionReportRow[]> {
    const query = tx.select().from(competitionReports);
    return (
      filterColumn === null ? query : query.where(eq(competitionReports.filterColumn, filterColumn))
    ).orderBy(asc(competitionReports.createdAt), asc(competitionReports.id));
  },

  async find(tx: Transaction, id: string): Promise<CompetitionReportRow | null> {
    const [row] = await tx.select().from(competitionReports).where(eq(competitionReports.id, id));
    return row ?? null;
  },

  async count(tx: Transaction): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(competitionReports);
    return row?.n ?? 0;
  },

  /** Creates or updates the report; a changed definition forgets the last run's status. */
  async upsert(tx: Transaction, organizationId: string, id: string, fields: ReportFields): Promise<void> {
    await tx
      .insert(competitionReports)
      .values({ organizationId, id, ...fields })
      .onConflictDoUpdate({
        target: [competitionReports.organizationId, competitionReports.id],
        set: { ...fields, updatedAt: sql`now()` },
      });
  },

  async remove(tx: Transaction, id: string): Promise<boolean> {
    const deleted = await tx
      .delete(competitionReports)
      .where(eq(competitionReports.id, id))
      .returning({ id: competitionReports.id });
    return deleted.length > 0;
  },

  /** A run was queued as `jobId`: the status is now of that run. */
  async queued(tx: Transaction, id: string, jobId: string): Promise<void> {
    await tx
      .update(competitionReports)
      .set({
        runStatus: 'queued',
        runJobId: jobId,
        runStartedAt: null,
        runFinishedAt: null,
        runError: null,
        runTerms: 0,
        runRequests: 0,
        runCostMicros: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(competitionReports.id, id));
  },

  /** The run `jobId` moved on; nothing when a newer run was queued since (it owns the status). */
  async progress(tx: Transaction, id: string, jobId: string, run: RunUpdate & { hasResults?: true }) {
    await tx
      .update(competitionReports)
      .set({ ...run, updatedAt: sql`now()` })
      .where(and(eq(competitionReports.id, id), eq(competitionReports.runJobId, jobId)));
  },

  async cached(tx: Transaction, country: string, month: string, terms: readonly string[]) {
    if (terms.length === 0) return new Map<string, CachedSerpItem[]>();
    const rows = await tx
      .select({ term: competitionSerpCache.term, items: competitionSerpCache.items })
      .from(competitionSerpCache)
      .where(
        and(
          eq(competitionSerpCache.countryCode, country),
          eq(competitionSerpCache.month, month),
          inArray(competitionSerpCache.term, [...terms]),
        ),
      );
    return new Map(rows.map((row) => [row.term, row.items]));
  },

  /** Keeps a bought SERP and counts what it cost, in one statement pair of the caller's transaction. */
  async bought(
    tx: Transaction,
    organizationId: string,
    serp: { country: string; month: string; term: string; items: CachedSerpItem[] },
    cost: { currency: string; micros: number },
  ): Promise<void> {
    await tx
      .insert(competitionSerpCache)
      .values({
        organizationId,
        countryCode: serp.country,
        month: serp.month,
        term: serp.term,
        items: serp.items,
      })
      .onConflictDoUpdate({
        target: [
          competitionSerpCache.organizationId,
          competitionSerpCache.countryCode,
          competitionSerpCache.month,
          competitionSerpCache.term,
        ],
        set: { items: serp.items, fetchedAt: sql`now()` },
      });
    await tx
      .insert(competitionSpend)
      .values({
        organizationId,
        month: serp.month,
        currency: cost.currency,
        requests: 1,
        costMicros: cost.micros,
      })
      .onConflictDoUpdate({
        target: [competitionSpend.organizationId, competitionSpend.month, competitionSpend.currency],
        set: {
          requests: sql`${competitionSpend.requests} + 1`,
          costMicros: sql`${competitionSpend.costMicros} + ${cost.micros}`,
          updatedAt: sql`now()`,
        },
      });
  },

  async spend(tx: Transaction, month: string) {
    return tx.select().from(competitionSpend).where(eq(competitionSpend.month, month));
  },

  async hasResults(tx: Transaction): Promise<boolean> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(competitionReports)
      .where(eq(competitionReports.hasResults, true));
    return (row?.n ?? 0) > 0;
  },
};
