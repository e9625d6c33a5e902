import { z } from 'zod';
import { ETL_EXPIRED_MESSAGE, type ServiceAccount } from '@maya/contracts';
import type { JobRun } from '../../platform/jobs';
import { FIRST_LOAD_QUEUE, type FirstLoadJob } from '../sources';
import type { EtlDeps } from './deps';
import { backfill, queueBackfill } from './backfill';
import { catchUp } from './catch-up';
import { failedAttempt, LOAD_FAILED_MESSAGE, type LoadOutcome } from './outcome';
import { notifyAccountFailed } from './notify';
import { createEtlRuns } from './runs';
import { createEtlSettings } from './settings';

export type { EtlDeps } from './deps';

export type EtlService = ReturnType<typeof createEtlService>;

/** A job's data as queued; anything else (a hand-made job) is refused, not guessed at. */
const FirstLoadJobSchema = z.object({ organizationId: z.uuid(), serviceAccountId: z.uuid() });

function isFirstLoadJob(data: unknown): data is FirstLoadJob {
  return FirstLoadJobSchema.safeParse(data).success;
}

/** When the load began: the job's queueing when pg-boss retried it, else this attempt's start. */
function firstAttemptStart(job: JobRun, started: Date): Date {
  return job.retryCount > 0 ? job.createdOn : started;
}

export function createEtlService(deps: EtlDeps) {
  const { jobs } = deps.platform;
  const now = deps.now ?? (() => new Date());
  // One load at a time per organization in this process: two accounts of one service share
  // their staged tables. (Another process cannot open the organization's DuckDB file meanwhile.)
  const running = new Map<string, Promise<unknown>>();

  const settings = createEtlSettings(deps);
  const runs = createEtlRuns(deps, settings.lookbackDays, (organizationId, task) =>
    serialized(organizationId, task),
  );

  async function serialized<T>(organizationId: string, task: () => Promise<T>): Promise<T> {
    const before = running.get(organizationId) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(task);
    running.set(organizationId, mine);
    try {
      return await mine;
    } finally {
      if (running.get(organizationId) === mine) running.delete(organizationId);
    }
  }

  /** One attempt of an account's first load; its outcome is reported on the account. */
  async function firstLoad(data: unknown, job: JobRun): Promise<void> {
    if (!isFirstLoadJob(data)) throw new Error('sources.first-load: malformed job data');
    const { organizationId, serviceAccountId } = data;
    await serialized(organizationId, async () => {
      let outcome: LoadOutcome;
      let failure: Error | null = null;
      const started = now();
      const pickedUp = Date.now(); // the wall clock, for the log (`now` may be a test's)
      try {
        const target = await deps.sources.loadTarget(organizationId, serviceAccountId);
        if (!target) return; // deleted meanwhile: nothing to load
        if (await deps.planExpired(organizationId)) {
          // Connected while the plan lapsed: the first run once a plan is chosen loads it.
          const expired = { status: 'failed', error: ETL_EXPIRED_MESSAGE, reconnect: false } as const;
          await deps.sources.endFirstLoad(organizationId, serviceAccountId, job.id);
          await deps.sources.reportSync(organizationId, serviceAccountId, expired);
          return;
        }
        await deps.sources.reportSync(organizationId, serviceAccountId, { status: 'running' });
        const extracting = performance.now();
        const loaded = await catchUp(deps, {
          organizationId,
          serviceAccountId,
          connector: target.connector,
          context: target.context,
          account: target.account,
          lastSyncedAt: target.row.lastSyncedAt,
          lookbackDays: await settings.lookbackDays(organizationId, target.connector),
          now: now(),
          signal: job.signal,
        });
        // Reports show a newly connected account at once, not after the next daily run.
        const building = performance.now();
        await deps.modelling.rebuild(organizationId, { signal: job.signal, refreshRates: true });
        deps.log?.info(
          {
            organizationId,
            serviceAccountId,
            service: target.connector.id,
            queuedMs: Math.max(0, pickedUp - job.createdOn.getTime()),
            extractMs: Math.round(building - extracting),
            modelMs: Math.round(performance.now() - building),
            days: loaded.loads.map((l) => `${l.range.from}..${l.range.to}`),
            backfill: loaded.backfill,
          },
          'first load: the recent days are reportable',
        );
        // The older history follows in its own job; the account is up to date already.
        await queueBackfill(deps, { organizationId, serviceAccountId }, loaded.backfill);
        outcome = { status: 'finished', syncedAt: now() };
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        outcome = failedAttempt(error, job);
      }
      if (outcome.status === 'pending') {
        await deps.sources.reportSync(organizationId, serviceAccountId, { status: 'pending' });
        throw failure ?? new Error('the load failed'); // pg-boss retries the job
      }
      // In the history before the account shows its outcome: whoever sees the account finished
      // finds its load there too.
      const loaded = (await deps.sources.list(organizationId)).find((a) => a.uuid === serviceAccountId);
      if (loaded) {
        await runs.recordFirstLoad(organizationId, loaded, {
          status: outcome.status,
          error: outcome.status === 'failed' ? outcome.error : null,
          startedAt: firstAttemptStart(job, started),
        });
      }
      // Ended before the organization's turn passes on: a run waiting for it loads the account.
      await deps.sources.endFirstLoad(organizationId, serviceAccountId, job.id);
      const account = await deps.sources.reportSync(organizationId, serviceAccountId, outcome);
      if (outcome.status === 'failed' && account)
        await notifyAccountFailed(deps, organizationId, account, outcome.error);
      // The last attempt's failure also fails the job, which keeps the error for operators.
      if (failure && job.retryCount >= job.retryLimit) throw failure;
    });
  }

  /**
   * No account is left `running` or `pending` by a crashed worker (killed, out of memory): the
   * newest first-load job of each account says what became of its load. One with attempts left
   * (`retry`) is re-run by pg-boss, so the account waits `pending`; one whose last attempt died
   * (`failed` by expiry or a missed heartbeat, which never reached the handler's own report) has
   * its failure reported, in the history and on the account, as a handled failure would.
   * Organizations with a run at work are left to it (it reports their accounts).
   */
  async function recoverRunning(): Promise<number> {
    const newest = new Map<string, { job: FirstLoadJob; state: string; createdOn: Date }>();
    for (const job of await jobs.boss.findJobs<FirstLoadJob>(FIRST_LOAD_QUEUE)) {
      if (!isFirstLoadJob(job.data)) continue;
      const seen = newest.get(job.data.serviceAccountId);
      if (!seen || job.createdOn > seen.createdOn)
        newest.set(job.data.serviceAccountId, { job: job.data, state: job.state, createdOn: job.createdOn });
    }
    const organizations = new Set([...newest.values()].map((entry) => entry.job.organizationId));
    let recovered = 0;
    for (const organizationId of organizations) {
      if (await runs.isRunning(organizationId)) continue;
      for (const account of await deps.sources.list(organizationId)) {
        const entry = newest.get(account.uuid);
        if (!entry || !['running', 'pending'].includes(account.sync_status)) continue;
        if (entry.state === 'failed') {
          await reportLost(organizationId, account, entry.createdOn);
          recovered += 1;
        } else if (account.sync_status === 'running' && entry.state !== 'active') {
          await deps.sources.reportSync(organizationId, account.uuid, { status: 'pending' });
          recovered += 1;
        }
      }
    }
    return recovered;
  }

  /** A first load whose last attempt died: failed, in the history and told, like any failed load. */
  async function reportLost(organizationId: string, account: ServiceAccount, startedAt: Date): Promise<void> {
    await runs.recordFirstLoad(organizationId, account, {
      status: 'failed',
      error: LOAD_FAILED_MESSAGE,
      startedAt,
    });
    const failed = { status: 'failed', error: LOAD_FAILED_MESSAGE, reconnect: false } as const;
    const reported = await deps.sources.reportSync(organizationId, account.uuid, failed);
    if (reported) await notifyAccountFailed(deps, organizationId, reported, LOAD_FAILED_MESSAGE);
  }

  /** One attempt of an account's backfill (its older history, decision 660). */
  function backfillJob(data: unknown, job: JobRun): Promise<void> {
    return backfill(deps, data, job, { now: now(), serialized });
  }

  return {
    firstLoad,
    backfill: backfillJob,
    recoverRunning,
    settings: settings.settings,
    updateSettings: settings.update,
    ...runs,
  };
}
