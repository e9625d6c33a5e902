import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { etlRuns, etlSettings, etlStreamDays, type EtlTrigger } from './schema';

export type EtlRunRow = typeof etlRuns.$inferSelect;

/** The runs of one organization; every call runs inside withOrganization (row-level security). */
export const etlRepository = {
  /**
   * The newest run of the whole organization (manual or scheduled): what the progress, the next
   * ETL time and the schedule follow. First loads, one account each, are history only.
   */
  async latest(tx: Transaction): Promise<EtlRunRow | null> {
    const [row] = await tx
      .select()
      .from(etlRuns)
      .where(ne(etlRuns.trigger, 'first_load'))
      .orderBy(desc(etlRuns.startedAt))
      .limit(1);
    return row ?? null;
  },

  async running(tx: Transaction): Promise<EtlRunRow | null> {
    const [row] = await tx.select().from(etlRuns).where(eq(etlRuns.status, 'running')).limit(1);
    return row ?? null;
  },

  async find(tx: Transaction, id: string): Promise<EtlRunRow | null> {
    const [row] = await tx.select().from(etlRuns).where(eq(etlRuns.id, id));
    return row ?? null;
  },

  /** Starts a run; null when one is already running (the partial unique index). */
  async start(
    tx: Transaction,
    values: { organizationId: string; trigger: EtlTrigger; step: string },
  ): Promise<EtlRunRow | null> {
    const [row] = await tx
      .insert(etlRuns)
      .values(values)
      .onConflictDoNothing({ target: etlRuns.organizationId, where: sql`status = 'running'` })
      .returning();
    return row ?? null;
  },

  /** An ended first load, recorded once its outcome is final (it never holds the running slot). */
  async recordFirstLoad(
    tx: Transaction,
    values: {
      organizationId: string;
      status: 'finished' | 'failed';
      step: string;
      error: string | null;
      startedAt: Date;
      finishedAt: Date;
    },
  ): Promise<void> {
    await tx.insert(etlRuns).values({ ...values, trigger: 'first_load', points: 100 });
  },

  async progress(tx: Transaction, id: string, values: { step: string; points: number }): Promise<void> {
    await tx
      .update(etlRuns)
      .set(values)
      .where(and(eq(etlRuns.id, id), eq(etlRuns.status, 'running')));
  },

  async end(
    tx: Transaction,
    id: string,
    values: {
      status: 'finished' | 'failed';
      step: string;
      error: string | null;
      finishedAt: Date;
      accountsTotal?: number;
      accountsFailed?: number;
    },
  ): Promise<boolean> {
    const rows = await tx
      .update(etlRuns)
      .set({ ...values, points: 100 })
      .where(and(eq(etlRuns.id, id), eq(etlRuns.status, 'running')))
      .returning({ id: etlRuns.id });
    return rows.length > 0;
  },

  async remove(tx: Transaction, id: string): Promise<void> {
    await tx.delete(etlRuns).where(eq(etlRuns.id, id));
  },

  /** The newest runs first, at most `limit`. */
  list(tx: Transaction, limit: number): Promise<EtlRunRow[]> {
    return tx.select().from(etlRuns).orderBy(desc(etlRuns.startedAt)).limit(limit);
  },

  /**
   * Each stream's last fully loaded day of an account and the day of its last deep re-check
   * (streams never loaded are absent).
   */
  async streamDays(
    tx: Transaction,
    serviceAccountId: string,
  ): Promise<Map<string, { day: string; deepCheckedDay: string | null }>> {
    const rows = await tx
      .select({
        stream: etlStreamDays.stream,
        day: etlStreamDays.lastLoadedDay,
        deepCheckedDay: etlStreamDays.deepCheckedDay,
      })
      .from(etlStreamDays)
      .where(eq(etlStreamDays.serviceAccountId, serviceAccountId));
    return new Map(rows.map(({ stream, ...days }) => [stream, days]));
  },

  /** Records the streams' deep re-check (or first load, which read as far) on `day`. */
  async recordDeepCheck(
    tx: Transaction,
    values: { serviceAccountId: string; streams: string[]; day: string },
  ): Promise<void> {
    if (values.streams.length === 0) return;
    await tx
      .update(etlStreamDays)
      .set({ deepCheckedDay: values.day })
      .where(
        and(
          eq(etlStreamDays.serviceAccountId, values.serviceAccountId),
          inArray(etlStreamDays.stream, values.streams),
        ),
      );
  },

  /** Records that the streams are loaded up to `day`; a recorded later day is kept. */
  async recordStreamDays(
    tx: Transaction,
    values: {
      organizationId: string;
      serviceAccountId: string;
      streams: string[];
      day: string;
      timeZone: string;
      /** Streams loaded for the first time with their recent days only: their first day. */
      historyFrom?: string | null;
    },
  ): Promise<void> {
    if (values.streams.length === 0) return;
    await tx
      .insert(etlStreamDays)
      .values(
        values.streams.map((stream) => ({
          organizationId: values.organizationId,
          serviceAccountId: values.serviceAccountId,
          stream,
          lastLoadedDay: values.day,
          timeZone: values.timeZone,
          historyFrom: values.historyFrom ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [etlStreamDays.serviceAccountId, etlStreamDays.stream],
        set: {
          lastLoadedDay: sql`greatest(${etlStreamDays.lastLoadedDay}, excluded.last_loaded_day)`,
          timeZone: sql`excluded.time_zone`,
          loadedAt: sql`now()`,
        },
      });
  },

  /** Each stream's first loaded day while its older history is still due (complete ones absent). */
  async historyFrom(tx: Transaction, serviceAccountId: string): Promise<Map<string, string>> {
    const rows = await tx
      .select({ stream: etlStreamDays.stream, day: etlStreamDays.historyFrom })
      .from(etlStreamDays)
      .where(and(eq(etlStreamDays.serviceAccountId, serviceAccountId), isNotNull(etlStreamDays.historyFrom)));
    return new Map(rows.flatMap((row) => (row.day === null ? [] : [[row.stream, row.day] as const])));
  },

  /**
   * Records that the streams' history is loaded from `from` on (null: complete); an earlier
   * recorded day is kept.
   */
  async recordHistoryFrom(
    tx: Transaction,
    values: { serviceAccountId: string; streams: string[]; from: string | null },
  ): Promise<void> {
    if (values.streams.length === 0) return;
    await tx
      .update(etlStreamDays)
      .set({
        historyFrom:
          values.from === null ? null : sql`least(${etlStreamDays.historyFrom}, ${values.from}::date)`,
      })
      .where(
        and(
          eq(etlStreamDays.serviceAccountId, values.serviceAccountId),
          inArray(etlStreamDays.stream, values.streams),
        ),
      );
  },

  /** The look-back days the organization chose, by service (none: the connectors' defaults). */
  async lookbackDays(tx: Transaction): Promise<Record<string, number>> {
    const [row] = await tx.select({ days: etlSettings.lookbackDays }).from(etlSettings);
    return row?.days ?? {};
  },

  async saveLookbackDays(
    tx: Transaction,
    organizationId: string,
    days: Record<string, number>,
  ): Promise<void> {
    await tx
      .insert(etlSettings)
      .values({ organizationId, lookbackDays: days })
      .onConflictDoUpdate({
        target: etlSettings.organizationId,
        set: { lookbackDays: days, updatedAt: sql`now()` },
      });
  },
};
