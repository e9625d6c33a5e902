import { z } from 'zod';
import type { JobRun } from '../../platform/jobs';
import { FIRST_LOAD_QUEUE, type FirstLoadJob } from '../sources';
import type { EtlDeps } from './deps';
import { loadConnectedAccount } from './account-migration';
import { failedAttempt, firstLoadRange, type LoadOutcome } from './outcome';
import { notifyAccountFailed } from './notify';
import { createEtlRuns } from './runs';

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

  const runs = createEtlRuns(deps, (organizationId, task) => serialized(organizationId, task));

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
      try {
        const target = await deps.sources.loadTarget(organizationId, serviceAccountId);
        if (!target) return; // deleted meanwhile: nothing to load
        await deps.sources.reportSync(organizationId, serviceAccountId, { status: 'running' });
        const range = firstLoadRange(
          await deps.historyYears(organizationId),
          now(),
          deps.platform.config.firstLoadMaxDays,
        );
        await deps.modelling.withWarehouse(organizationId, (warehouse) =>
          loadConnectedAccount({
            sources: deps.sources,
            organizationId,
            serviceAccountId,
            warehouse,
            target,
            range,
            signal: job.signal,
          }),
        );
        // Reports show a newly connected account at once, not after the next daily run.
        await deps.modelling.rebuild(organizationId, { signal: job.signal, refreshRates: true });
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
      const account = await deps.sources.reportSync(organizationId, serviceAccountId, outcome);
      if (outcome.status === 'failed' && account)
        await notifyAccountFailed(deps, organizationId, account, outcome.error);
      // The last attempt's failure also fails the job, which keeps the error for operators.
      if (failure && job.retryCount >= job.retryLimit) throw failure;
    });
  }

  /**
   * No account is left `running` by a crashed worker: accounts shown running whose load job is
   * not active (it failed by expiry or a missed heartbeat, or waits for its retry) go back to
   * `pending`. A job with attempts left is re-run by pg-boss, which reports it again.
   */
  async function recoverRunning(): Promise<number> {
    const all = await jobs.boss.findJobs<FirstLoadJob>(FIRST_LOAD_QUEUE);
    const active = new Set(all.filter((j) => j.state === 'active').map((j) => j.data.serviceAccountId));
    const byOrganization = new Map<string, Set<string>>();
    for (const job of all) {
      if (!isFirstLoadJob(job.data) || active.has(job.data.serviceAccountId)) continue;
      const accounts = byOrganization.get(job.data.organizationId) ?? new Set<string>();
      accounts.add(job.data.serviceAccountId);
      byOrganization.set(job.data.organizationId, accounts);
    }
    let recovered = 0;
    for (const [organizationId, candidates] of byOrganization) {
      const stuck = (await deps.sources.list(organizationId)).filter(
        (a) => a.sync_status === 'running' && candidates.has(a.uuid),
      );
      for (const account of stuck) {
        const current = await jobs.boss.findJobs<FirstLoadJob>(FIRST_LOAD_QUEUE, {
          data: { serviceAccountId: account.uuid },
        });
        if (current.some((j) => j.state === 'active')) continue; // a run started meanwhile
        await deps.sources.reportSync(organizationId, account.uuid, { status: 'pending' });
        recovered += 1;
      }
    }
    return recovered;
  }

  return { firstLoad, recoverRunning, ...runs };
}
