import { randomUUID } from 'node:crypto';
import { PgBoss, type SendOptions } from 'pg-boss';
import type { FastifyBaseLogger as Logger } from 'fastify';

/**
 * Jobs and schedules (pg-boss) on the same PostgreSQL, in its own `pgboss` schema. It connects as
 * the owner because pg-boss manages its own tables; job handlers touch tenant data only through
 * services, which use the app role and `withOrganization`.
 */
export type JobHandler = (data: unknown, job: JobRun) => Promise<void>;
/**
 * The attempt being run: `retryCount` goes from 0 to `retryLimit` (the last attempt); `signal`
 * aborts when the job's claim is lost (expired, or failed by a missed heartbeat) or when the
 * worker stops: a handler that gives up then throws, and pg-boss retries the job.
 */
export type JobRun = {
  id: string;
  retryCount: number;
  retryLimit: number;
  signal: AbortSignal;
  /** When the job was queued: before its first attempt. */
  createdOn: Date;
};
/**
 * A queue and its handler; `cron` (UTC) also schedules it, once across all processes.
 * `pollingIntervalSeconds` (at least 0.5; pg-boss's default 2) for queues a person waits on.
 */
export type JobDefinition = {
  name: string;
  handler: JobHandler;
  cron?: string;
  pollingIntervalSeconds?: number;
  /** Jobs of the queue worked at once in this process (pg-boss's `localConcurrency`; default 1). */
  concurrency?: number;
  /**
   * At most one job of a group (`send`'s `group.id`, e.g. an organization) claimed at a time:
   * the others of that group wait while other groups' jobs go ahead.
   */
  onePerGroup?: boolean;
  /**
   * A job sent wakes this queue's workers at once (PostgreSQL NOTIFY) instead of at their next
   * poll. Only for queues whose senders have written everything the job reads before they send:
   * a job may start before `send` returns (e.g. a sender that records the job's id after
   * sending would find its run over already, and overwrite its outcome).
   */
  wakeOnSend?: boolean;
};

/** pg-boss's own polling interval, kept for the queues that set none. */
const DEFAULT_POLLING_SECONDS = 2;

export type Jobs = {
  boss: PgBoss;
  /**
   * Sends a job whose handler reads the id its sender recorded (a run that checks it is still
   * the latest): `record(id)` is written before the job exists, so the job can never start
   * before its id is known. With a `singletonKey`, nothing is sent or recorded while a job of
   * that key waits (that one stays the latest). Returns the id, or null when nothing was sent.
   */
  sendRecorded(
    queue: string,
    data: object,
    options: SendOptions,
    record: (jobId: string) => Promise<void>,
  ): Promise<string | null>;
  /** Registers handlers; called only in processes that run the worker. */
  work(definitions: JobDefinition[]): Promise<void>;
  ping(): Promise<number>;
  /** Stops taking jobs and waits for running ones; the queue still accepts new jobs. */
  stopWorkers(): Promise<void>;
  stop(): Promise<void>;
};

export async function startJobs(
  ownerUrl: string,
  log: Logger,
  runWorker: boolean,
  runSchedules = true,
): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: ownerUrl,
    schema: 'pgboss',
    application_name: 'maya-jobs',
    max: 4,
    // Maintenance and cron belong to processes that work; API-only processes just enqueue.
    supervise: runWorker,
    // Every 10 s (not the default minute), so that a dead worker's load (missed heartbeat) is
    // found and retried soon.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    // Tests turn the cron off: an hourly tick must not start a run in the middle of one.
    schedule: runWorker && runSchedules,
    // A job sent on a queue that asks for it (`wakeOnSend`) wakes the queue's workers at once
    // (PostgreSQL NOTIFY, sent in the job's own transaction), in every process: "Load data now"
    // and a backfill queued after a first load start then rather than at the next poll. Polling
    // stays as the backstop (retries, delayed jobs, a listener that could not connect, e.g.
    // behind a transaction-mode pooler).
    useListenNotify: runWorker,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // E.g. the NOTIFY listener could not connect: jobs still run, at the polling interval.
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  await boss.start();
  let stopped = false;
  const queues: string[] = [];
  const stopping = new AbortController();
  /** The jobs this process is running: queue by job id. */
  const running = new Map<string, string>();
  return {
    boss,
    async sendRecorded(queue, data, options, record) {
      const key = options.singletonKey;
      if (key !== undefined && (await boss.findJobs(queue, { key, queued: true })).length > 0) return null;
      const id = randomUUID();
      await record(id);
      // Null only if another process queued the same key since the check: its job is the one
      // that runs, and the next run's record replaces this one.
      return boss.send(queue, data, { ...options, id });
    },
    async work(definitions) {
      for (const definition of definitions) {
        const { name, handler, cron, pollingIntervalSeconds, concurrency, onePerGroup } = definition;
        await boss.createQueue(name);
        await boss.updateQueue(name, { notify: definition.wakeOnSend === true });
        if (cron) await boss.schedule(name, cron); // stored; fired only where `schedule` is on
        queues.push(name);
        const options = {
          includeMetadata: true as const,
          ...(pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds }),
          // The backstop poll while NOTIFY works: as often as without it (pg-boss would wait 30 s),
          // so that a retry or a delayed job is not picked up later than before.
          notifyPollingIntervalSeconds: pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS,
          ...(concurrency === undefined ? {} : { localConcurrency: concurrency }),
          // Counted in the database, across processes. Two workers claiming at the same instant
          // may still take two of one group: the handler must bear it (the ETL's loads wait for
          // their organization's turn in-process).
          ...(onePerGroup ? { groupConcurrency: 1 } : {}),
        };
        await boss.work(name, options, async (jobs) => {
          for (const job of jobs) {
            const { id, retryCount, retryLimit, signal, createdOn } = job;
            running.set(id, name);
            try {
              await handler(job.data, {
                id,
                retryCount,
                retryLimit,
                createdOn,
                signal: AbortSignal.any([signal, stopping.signal]),
              });
            } finally {
              running.delete(id);
            }
          }
        });
      }
    },
    async ping() {
      const started = performance.now();
      await boss.getQueues();
      return performance.now() - started;
    },
    async stopWorkers() {
      // Long jobs (data loads) give up rather than hold the shutdown; pg-boss retries them.
      const interrupted = [...running];
      stopping.abort(new Error('the worker is stopping'));
      await Promise.all(queues.map((name) => boss.offWork(name, { wait: true })));
      // ...at once, not after their queue's retry delay (30 s for a first load): a job given up
      // for a shutdown did not fail, and the next start (or another worker) takes it up as soon
      // as it polls. Only a job waiting for its retry is moved; one that ended otherwise (done,
      // or its last attempt failed) is left as it is.
      await Promise.all(
        interrupted.map(([id, name]) =>
          boss.update(name, undefined, { id, startAfter: new Date() }).catch((error: unknown) => {
            log.warn({ err: error, job: id }, 'an interrupted job keeps its retry delay');
          }),
        ),
      );
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Workers stopped first (stopWorkers: running jobs aborted, and waited for), so this only
      // lets pg-boss finish its own bookkeeping before the database goes away.
      await boss.stop({ graceful: true, timeout: 2_000 });
    },
  };
}
