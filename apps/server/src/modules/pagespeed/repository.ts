import { and, asc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { pagespeedRuns, pagespeedUrls, type PagespeedFailure } from './schema';

export type PagespeedUrlRow = typeof pagespeedUrls.$inferSelect;
export type PagespeedRunRow = typeof pagespeedRuns.$inferSelect;

/** An organization's PageSpeed URLs and its last run; every call runs inside withOrganization. */
export const pagespeedRepository = {
  list(tx: Transaction): Promise<PagespeedUrlRow[]> {
    return tx.select().from(pagespeedUrls).orderBy(asc(pagespeedUrls.position));
  },

  /**
   * Replaces the list with `urls` in their order, keeping each kept id's creation time. Serialised
   * per organization (two saves at once would interleave their deletes and inserts).
   */
  async replace(
    tx: Transaction,
    organizationId: string,
    urls: readonly { id: string; urlLink: string }[],
  ): Promise<PagespeedUrlRow[]> {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`pagespeed:${organizationId}`}, 0))`,
    );
    await tx.delete(pagespeedUrls);
    if (urls.length === 0) return [];
    return tx
      .insert(pagespeedUrls)
      .values(urls.map((url, position) => ({ organizationId, id: url.id, urlLink: url.urlLink, position })))
      .returning();
  },

  async lastRun(tx: Transaction): Promise<PagespeedRunRow | null> {
    const [row] = await tx.select().from(pagespeedRuns);
    return row ?? null;
  },

  /** A run was queued as `jobId`: the status is now of that run. */
  async queued(tx: Transaction, organizationId: string, jobId: string): Promise<void> {
    const values = {
      status: 'queued' as const,
      jobId,
      startedAt: null,
      finishedAt: null,
      measured: 0,
      failures: [],
    };
    await tx
      .insert(pagespeedRuns)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({
        target: pagespeedRuns.organizationId,
        set: { ...values, updatedAt: sql`now()` },
      });
  },

  /** Results were stored (by whichever run): the report is listed from now on. */
  async markResults(tx: Transaction): Promise<void> {
    await tx.update(pagespeedRuns).set({ hasResults: true });
  },

  /** The run `jobId` moved on; nothing when a newer run was queued since (it owns the status). */
  async progress(
    tx: Transaction,
    organizationId: string,
    jobId: string,
    run: {
      status: PagespeedRunRow['status'];
      startedAt?: Date | null;
      finishedAt?: Date | null;
      measured?: number;
      failures?: PagespeedFailure[];
    },
  ): Promise<void> {
    await tx
      .update(pagespeedRuns)
      .set({ ...run, updatedAt: sql`now()` })
      .where(and(eq(pagespeedRuns.organizationId, organizationId), eq(pagespeedRuns.jobId, jobId)));
  },
};
