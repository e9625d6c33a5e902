import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { reportSchedules } from './schema';

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type NewScheduleRow = typeof reportSchedules.$inferInsert;
/** What a delivery changes: when it goes next, its failures, and how the last one went. */
export type ScheduleProgress = Pick<ScheduleRow, 'nextRunAt' | 'attempt'> &
  Partial<Pick<ScheduleRow, 'lastSentAt' | 'lastError'>>;

/** The schedules table; every call runs inside withOrganization (row-level security). */
export const schedulesRepository = {
  async insert(tx: Transaction, row: NewScheduleRow): Promise<ScheduleRow> {
    const [saved] = await tx.insert(reportSchedules).values(row).returning();
    if (!saved) throw new Error('report schedule vanished after insert');
    return saved;
  },

  /** A report's schedules, soonest first; only `createdBy`'s when given. */
  async list(tx: Transaction, reportSlug: string, createdBy: string | null): Promise<ScheduleRow[]> {
    const ofReport = eq(reportSchedules.reportSlug, reportSlug);
    return tx
      .select()
      .from(reportSchedules)
      .where(createdBy === null ? ofReport : and(ofReport, eq(reportSchedules.createdBy, createdBy)))
      .orderBy(asc(reportSchedules.nextRunAt), asc(reportSchedules.createdAt));
  },

  async find(tx: Transaction, id: string): Promise<ScheduleRow | null> {
    const [row] = await tx.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    return row ?? null;
  },

  async remove(tx: Transaction, id: string): Promise<void> {
    await tx.delete(reportSchedules).where(eq(reportSchedules.id, id));
  },

  async progress(tx: Transaction, id: string, change: ScheduleProgress): Promise<void> {
    await tx.update(reportSchedules).set(change).where(eq(reportSchedules.id, id));
  },
};
