// The organization's data load (spec 002 Data load): a run loads every connected account in turn,
// manually (Load data now) or by the daily schedule, and keeps its progress and history.
import { z } from 'zod';
import { findService, type Connector } from '@maya/connectors';
import {
  ETL_EXPIRED_MESSAGE,
  ETL_QUEUED_STEP,
  EtlErrorType,
  etlRunSummary,
  type EtlLogDay,
  type EtlLogs,
  type EtlNext,
  type EtlProgress,
  type EtlTables,
  type ServiceAccount,
  utcDay,
} from '@maya/contracts';
import { ModelBuildError } from '@maya/analytics';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { JobRun } from '../../platform/jobs';
import { FIRST_LOAD_QUEUE, type FirstLoadJob } from '../sources';
import type { EtlDeps } from './deps';
import { queueBackfill } from './backfill';
import { catchUp } from './catch-up';
import { notifyRunFailed } from './notify';
import { failedAttempt, LOAD_FAILED_MESSAGE } from './outcome';
import { etlRepository as repo, type EtlRunRow } from './repository';
import type { EtlTrigger } from './schema';
import { describeModels } from './tables';

/** A run of one organization's data load. */
export const ETL_RUN_QUEUE = 'etl.run';
/** Every hour: runs for the organizations whose last run started 24 hours ago or more. */
export const ETL_SCHEDULE_QUEUE = 'etl.schedule';
export const ETL_SCHEDULE_CRON = '0 * * * *';
export type EtlRunJob = { organizationId: string; runId: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** How many runs the history shows (a few months of daily runs). */
const LOG_LIMIT = 500;
/**
 * A run's percent: the accounts' loads share the first 90 points, the model build the rest (each
 * model built moves it), so the bar never waits at one number for the whole build.
 */
const LOAD_POINTS = 90;
const MODEL_POINTS = 100 - LOAD_POINTS;

/** The progress while the data model is built: its own count, and the run's points. */
export function modelProgress(done: number, total: number): { step: string; points: number } {
  const points = LOAD_POINTS + Math.floor((done * MODEL_POINTS) / Math.max(1, total));
  return { step: `Building the data model (${done} of ${total} tables)`, points: Math.min(99, points) };
}

/** A pg-boss job that has yet to run, waits for a retry, or runs. */
const UNFINISHED_JOB: ReadonlySet<string> = new Set(['created', 'retry', 'active']);

export const INTERRUPTED_MESSAGE = 'The data load was interrupted. It will be retried by the next load.';

/** A job's data as queued; anything else (a hand-made job) is refused, not guessed at. */
const EtlRunJobSchema = z.object({ organizationId: z.uuid(), runId: z.uuid() });

function isRunJob(data: unknown): data is EtlRunJob {
  return EtlRunJobSchema.safeParse(data).success;
}

/** The first hourly tick of the schedule at or after `time`. */
export function nextTick(time: Date): Date {
  return new Date(Math.ceil(time.getTime() / HOUR_MS) * HOUR_MS);
}

/** Minutes between two times, one decimal. */
export function runMinutes(from: Date, to: Date): number {
  return Math.round(Math.max(0, to.getTime() - from.getTime()) / 6_000) / 10;
}

/** Runs grouped by the UTC date they started, newest first (the rows come newest first). */
export function groupLogs(rows: EtlRunRow[], now: Date): EtlLogDay[] {
  const days: EtlLogDay[] = [];
  for (const row of rows) {
    const date = utcDay(row.startedAt);
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, runs: [] };
      days.push(day);
    }
    day.runs.push({
      step: row.step,
      sync_started_at: row.startedAt.toISOString(),
      run_time: runMinutes(row.startedAt, row.finishedAt ?? now),
      status: row.status,
      error: row.error,
      accounts:
        row.accountsTotal === null ? null : { total: row.accountsTotal, failed: row.accountsFailed ?? 0 },
    });
  }
  return days;
}

function accountStep(account: ServiceAccount, index: number, total: number): string {
  const service = findService(account.service)?.name ?? account.service;
  return `Loading ${service}: ${account.name} (${index + 1} of ${total})`;
}

/** The progress while account `index` (of `total`) loads. */
function accountProgress(account: ServiceAccount, index: number, total: number) {
  return { step: accountStep(account, index, total), points: Math.floor((index * LOAD_POINTS) / total) };
}

export function createEtlRuns(
  deps: EtlDeps,
  lookbackDays: (organizationId: string, connector: Connector) => Promise<number>,
  serialized: <T>(organizationId: string, task: () => Promise<T>) => Promise<T>,
) {
  const { jobs, database } = deps.platform;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const inOrganization = <T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]) =>
    withOrganization(db, organizationId, work);

  /** Starts a run and queues it; 409 while one is running, 403 while the plan lapsed. */
  async function trigger(organizationId: string, how: EtlTrigger): Promise<{ run_id: string }> {
    if (!(await deps.isEtlEnabled(organizationId))) throw new AppError(403, EtlErrorType.disabled);
    if (await deps.planExpired(organizationId))
      throw new AppError(403, EtlErrorType.planExpired, { message: ETL_EXPIRED_MESSAGE });
    const run = await inOrganization(organizationId, (tx) =>
      repo.start(tx, { organizationId, trigger: how, step: ETL_QUEUED_STEP }),
    );
    if (!run) throw new AppError(409, EtlErrorType.alreadyRunning);
    const job: EtlRunJob = { organizationId, runId: run.id };
    const jobId = await jobs.boss.send(ETL_RUN_QUEUE, job, { singletonKey: organizationId });
    if (!jobId) {
      // A job of the organization is still queued or active: that run is the running one.
      await inOrganization(organizationId, (tx) => repo.remove(tx, run.id));
      throw new AppError(409, EtlErrorType.alreadyRunning);
    }
    return { run_id: run.id };
  }

  async function loadOne(
    organizationId: string,
    account: ServiceAccount,
    job: JobRun,
  ): Promise<string | null> {
    try {
      const target = await deps.sources.loadTarget(organizationId, account.uuid);
      if (!target) return null; // deleted meanwhile
      await deps.sources.reportSync(organizationId, account.uuid, { status: 'running' });
      const loaded = await catchUp(deps, {
        organizationId,
        serviceAccountId: account.uuid,
        connector: target.connector,
        context: target.context,
        account: target.account,
        lastSyncedAt: account.last_synced_at === null ? null : new Date(account.last_synced_at),
        lookbackDays: await lookbackDays(organizationId, target.connector),
        now: now(),
        signal: job.signal,
      });
      // Older history still due (a backfill that failed or was cut short) is queued again.
      await queueBackfill(deps, { organizationId, serviceAccountId: account.uuid }, loaded.backfill);
      await deps.sources.reportSync(organizationId, account.uuid, { status: 'finished', syncedAt: now() });
      return null;
    } catch (error) {
      if (job.signal.aborted) {
        // Interrupted, not failed: the run's next attempt (or the next run) loads it again.
        await deps.sources
          .reportSync(organizationId, account.uuid, { status: 'pending' })
          .catch(() => undefined);
        return INTERRUPTED_MESSAGE;
      }
      // The account's failure is final for this run; the next run retries it.
      const outcome = failedAttempt(error, { retryCount: 0, retryLimit: 0 });
      const failed = outcome.status === 'failed' ? outcome : null;
      await deps.sources
        .reportSync(organizationId, account.uuid, failed ?? { status: 'pending' })
        .catch(() => undefined);
      return failed?.error ?? INTERRUPTED_MESSAGE;
    }
  }

  /**
   * The accounts a run loads: every connected one but those whose first load is queued or under
   * way (decision 813). That load is theirs: it reads their first days, records its own row in
   * the history and makes them reportable. A run that took them too (the hourly schedule minutes
   * after they were connected) would load them twice, and show them finished before their first
   * load had ended.
   */
  async function accountsToLoad(organizationId: string): Promise<ServiceAccount[]> {
    const firstLoads = await jobs.boss.findJobs<FirstLoadJob>(FIRST_LOAD_QUEUE, { data: { organizationId } });
    const listed = await deps.sources.listWithFirstLoads(organizationId);
    const ownJob = new Map(listed.map(({ account, firstLoadJob }) => [account.uuid, firstLoadJob]));
    // An active job may be one whose load has just ended (pg-boss completes it after its handler
    // returns, and this run got the organization's turn in between): the account says which.
    const awaiting = new Set(
      firstLoads
        .filter(
          (job) =>
            UNFINISHED_JOB.has(job.state) &&
            (job.state !== 'active' || ownJob.get(job.data.serviceAccountId) === job.id),
        )
        .map((job) => job.data.serviceAccountId),
    );
    return listed.map(({ account }) => account).filter((account) => !awaiting.has(account.uuid));
  }

  /** Works one run: each connected account loaded in turn, the progress kept on the run. */
  async function run(data: unknown, job: JobRun): Promise<void> {
    if (!isRunJob(data)) throw new Error('etl.run: malformed job data');
    const { organizationId, runId } = data;
    await serialized(organizationId, async () => {
      const row = await inOrganization(organizationId, (tx) => repo.find(tx, runId));
      if (row?.status !== 'running') return;
      const accounts = await accountsToLoad(organizationId);
      const errors: string[] = [];
      let failedAccounts = 0;
      for (const [index, account] of accounts.entries()) {
        if (job.signal.aborted) break;
        const step = accountProgress(account, index, accounts.length);
        await inOrganization(organizationId, (tx) => repo.progress(tx, runId, step));
        const error = await loadOne(organizationId, account, job);
        if (error) {
          errors.push(`${account.name}: ${error}`);
          failedAccounts += 1;
        }
      }
      if (!job.signal.aborted && accounts.length > 0) {
        // Even after some accounts failed: the others' new data reaches the reports.
        const buildProgress = (done: number, total: number) =>
          inOrganization(organizationId, (tx) => repo.progress(tx, runId, modelProgress(done, total)));
        const modelError = await deps.modelling
          .rebuild(organizationId, { signal: job.signal, onProgress: buildProgress, refreshRates: true })
          .then(
            () => null,
            (error: unknown) => (error instanceof ModelBuildError ? error.message : LOAD_FAILED_MESSAGE),
          );
        if (modelError && !job.signal.aborted) errors.push(`The data model: ${modelError}`);
      }
      if (job.signal.aborted) {
        // The worker stops or lost the job: the run stays running and its next attempt picks it
        // up again (every account's load is atomic and idempotent, so it starts over). The last
        // attempt's interruption fails the run.
        if (job.retryCount < job.retryLimit) throw new Error('the data load was interrupted; it is retried');
        errors.push(INTERRUPTED_MESSAGE);
      }
      await inOrganization(organizationId, (tx) =>
        repo.end(tx, runId, {
          status: errors.length ? 'failed' : 'finished',
          step: etlRunSummary({ total: accounts.length, failed: failedAccounts }),
          accountsTotal: accounts.length,
          accountsFailed: failedAccounts,
          error: errors.length ? errors.join('\n') : null,
          finishedAt: now(),
        }),
      );
      if (errors.length) await notifyRunFailed(deps, organizationId, errors);
    });
  }

  /**
   * The hourly schedule: a run for each organization that loads data, has accounts, ran over 24 h
   * ago and whose plan has not lapsed (`trigger` refuses it; the first run after a plan resumes
   * catches up every day).
   */
  async function schedule(): Promise<number> {
    let started = 0;
    for (const organizationId of await deps.listEtlEnabled()) {
      const latest = await inOrganization(organizationId, (tx) => repo.latest(tx));
      if (latest && (latest.status === 'running' || now().getTime() - latest.startedAt.getTime() < DAY_MS))
        continue;
      if ((await deps.sources.list(organizationId)).length === 0) continue;
      try {
        await trigger(organizationId, 'schedule');
        started += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error; // started meanwhile, disabled or lapsed
      }
    }
    return started;
  }

  /** Runs left `running` by a job that is no longer working (a killed worker) are failed. */
  async function recoverRuns(): Promise<number> {
    const all = await jobs.boss.findJobs<EtlRunJob>(ETL_RUN_QUEUE);
    let recovered = 0;
    for (const job of all) {
      if (!isRunJob(job.data) || !['failed', 'cancelled', 'completed'].includes(job.state)) continue;
      const { organizationId, runId } = job.data;
      const ended = await inOrganization(organizationId, (tx) =>
        repo.end(tx, runId, {
          status: 'failed',
          step: 'Interrupted',
          error: INTERRUPTED_MESSAGE,
          finishedAt: now(),
        }),
      );
      if (ended) {
        recovered += 1;
        await releaseAccounts(organizationId);
      }
    }
    return recovered;
  }

  /**
   * Accounts a dead run left `running` are failed with the interruption (unless their first load
   * is at work): the run is over, so nothing retries them before the next run, which the message
   * says; left `pending` they would look queued when nothing is.
   */
  async function releaseAccounts(organizationId: string): Promise<void> {
    for (const account of await deps.sources.list(organizationId)) {
      if (account.sync_status !== 'running') continue;
      const loads = await jobs.boss.findJobs(FIRST_LOAD_QUEUE, { data: { serviceAccountId: account.uuid } });
      if (loads.some((j) => j.state === 'active')) continue;
      await deps.sources.reportSync(organizationId, account.uuid, {
        status: 'failed',
        error: INTERRUPTED_MESSAGE,
        reconnect: false,
      });
    }
  }

  /** Whether a run of the organization is at work (it reports its accounts itself). */
  async function isRunning(organizationId: string): Promise<boolean> {
    return (await inOrganization(organizationId, (tx) => repo.running(tx))) !== null;
  }

  async function progress(organizationId: string): Promise<EtlProgress> {
    const latest = await inOrganization(organizationId, (tx) => repo.latest(tx));
    if (!latest) return { running: false, description: '', points: 0 };
    return { running: latest.status === 'running', description: latest.step, points: latest.points };
  }

  /** When the schedule loads next: never while ETL is off or the plan lapsed (it skips them). */
  async function next(organizationId: string): Promise<EtlNext> {
    if (!(await deps.isEtlEnabled(organizationId)) || (await deps.planExpired(organizationId)))
      return { next_etl_time: null };
    const latest = await inOrganization(organizationId, (tx) => repo.latest(tx));
    const due = latest ? Math.max(latest.startedAt.getTime() + DAY_MS, now().getTime()) : now().getTime();
    return { next_etl_time: nextTick(new Date(due)).toISOString() };
  }

  async function logs(organizationId: string): Promise<EtlLogs> {
    const rows = await inOrganization(organizationId, (tx) => repo.list(tx, LOG_LIMIT));
    return {
      latest_etl_date: rows[0]?.startedAt.toISOString() ?? null,
      all_logs: groupLogs(rows, now()),
    };
  }

  async function tables(organizationId: string): Promise<EtlTables> {
    return { tables: await deps.modelling.withWarehouse(organizationId, describeModels) };
  }

  /**
   * Puts an account's first load in the history once its outcome is final (a retried attempt is
   * not a failure): one entry, from its first attempt's start to its end.
   */
  async function recordFirstLoad(
    organizationId: string,
    account: ServiceAccount,
    outcome: { status: 'finished' | 'failed'; error: string | null; startedAt: Date },
  ): Promise<void> {
    const service = findService(account.service)?.name ?? account.service;
    await inOrganization(organizationId, (tx) =>
      repo.recordFirstLoad(tx, {
        organizationId,
        status: outcome.status,
        step: `First load of ${service}: ${account.name}`,
        error: outcome.error === null ? null : `${account.name}: ${outcome.error}`,
        startedAt: outcome.startedAt,
        finishedAt: now(),
      }),
    );
  }

  return { trigger, run, schedule, recoverRuns, isRunning, progress, next, logs, tables, recordFirstLoad };
}
