// The older history of an account whose first load took its recent days first (decision 660):
// loaded newest first in ranges of a quarter, each committed and recorded before the next, in a
// job of its own so that other accounts' first loads go ahead of it between two ranges. The
// progress is kept on the account (`backfill_percent`), the model rebuilt once it is all in.
import type { StreamSchema } from '@maya/connectors';
import { z } from 'zod';
import { withOrganization } from '../../platform/db/tenant';
import type { JobRun } from '../../platform/jobs';
import type { EtlDeps } from './deps';
import { loadAccount } from './load-account';
import { firstLoadRange } from './outcome';
import {
  accountTimeZone,
  BACKFILL_CHUNK_DAYS,
  backfillPercent,
  backfillRange,
  isDated,
  latestDay,
  planLoads,
} from './ranges';
import { etlRepository as repo } from './repository';

export const ETL_BACKFILL_QUEUE = 'etl.backfill';
export type BackfillJob = { organizationId: string; serviceAccountId: string };

const BackfillJobSchema = z.object({ organizationId: z.uuid(), serviceAccountId: z.uuid() });

export type BackfillDeps = Pick<
  EtlDeps,
  'platform' | 'historyYears' | 'modelling' | 'sources' | 'backfillGate'
>;

/**
 * Queues the account's backfill when older history is due (`percent` not null), once per
 * account (a queued or running one is kept), and shows how far it is.
 */
export async function queueBackfill(
  deps: Pick<EtlDeps, 'platform' | 'sources'>,
  job: BackfillJob,
  percent: number | null,
): Promise<void> {
  await deps.sources.reportBackfill(job.organizationId, job.serviceAccountId, percent);
  if (percent === null) return;
  await deps.platform.jobs.boss.send(ETL_BACKFILL_QUEUE, job, {
    singletonKey: job.serviceAccountId,
    retryLimit: 3,
  });
}

/**
 * One attempt of an account's backfill: the ranges still due, newest first, each run through
 * `serialized` (one load at a time per organization) so that a first load waiting for the
 * organization goes between two of them. An attempt that fails keeps every range it loaded;
 * the next one (pg-boss's retry, or the next run's queueing) starts where it stopped.
 */
export async function backfill(
  deps: BackfillDeps,
  data: unknown,
  job: JobRun,
  options: { now: Date; serialized: <T>(organizationId: string, task: () => Promise<T>) => Promise<T> },
): Promise<void> {
  const parsed = BackfillJobSchema.safeParse(data);
  if (!parsed.success) throw new Error('etl.backfill: malformed job data');
  const { organizationId, serviceAccountId } = parsed.data;
  const db = deps.platform.database.db;
  const target = await deps.sources.loadTarget(organizationId, serviceAccountId);
  if (!target) return; // deleted meanwhile
  const { connector } = target;
  const timeZone = accountTimeZone(target.account.metadata);
  const first = firstLoadRange(
    await deps.historyYears(organizationId),
    options.now,
    deps.platform.config.firstLoadMaxDays,
    timeZone,
  );
  const due = await withOrganization(db, organizationId, (tx) => repo.historyFrom(tx, serviceAccountId));
  const rangeOf = (stream: StreamSchema) => {
    const from = due.get(stream.name);
    const range = from === undefined || !isDated(stream) ? null : backfillRange(from, first.from);
    return range && { range, chunkDays: BACKFILL_CHUNK_DAYS };
  };
  const steps = planLoads(connector.streams, rangeOf).reverse();
  // Streams whose history already reaches the plan's first day (a shorter plan now) are complete.
  const complete = [...due.keys()].filter((stream) => !steps.some((s) => s.streams.includes(stream)));
  await withOrganization(db, organizationId, (tx) =>
    repo.recordHistoryFrom(tx, { serviceAccountId, streams: complete, from: null }),
  );

  for (const step of steps) {
    await deps.backfillGate?.(serviceAccountId);
    job.signal.throwIfAborted();
    await options.serialized(organizationId, async () => {
      await deps.modelling.withWarehouse(organizationId, (warehouse) =>
        loadAccount({
          warehouse,
          connector,
          context: { ...target.context, signal: job.signal },
          account: target.account,
          range: step.range,
          streams: step.streams,
          signal: job.signal,
        }),
      );
      const from = step.range.from > first.from ? step.range.from : null;
      const left = await withOrganization(db, organizationId, async (tx) => {
        await repo.recordHistoryFrom(tx, { serviceAccountId, streams: step.streams, from });
        return repo.historyFrom(tx, serviceAccountId);
      });
      const percent = backfillPercent(first, latestDay(left));
      // The last range's progress waits for the model: the history shows in reports first.
      if (percent !== null) await deps.sources.reportBackfill(organizationId, serviceAccountId, percent);
    });
  }
  // Always, also when a failed rebuild left nothing to load: the older days reach the reports.
  await options.serialized(organizationId, () =>
    deps.modelling.rebuild(organizationId, { signal: job.signal, refreshRates: true }),
  );
  await deps.sources.reportBackfill(organizationId, serviceAccountId, null);
}
