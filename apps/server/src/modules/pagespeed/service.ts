import {
  PagespeedErrorType,
  PlatformErrorType,
  pagespeedLimits,
  normalizedPagespeedUrl,
  utcDay,
  type PagespeedRun,
  type PagespeedTopUrlsResponse,
  type PagespeedUrl,
  type PagespeedUrlsResponse,
} from '@maya/contracts';
import {
  PAGESPEED_STRATEGIES,
  ProviderError,
  type PagespeedClient,
  type PagespeedMeasurement,
  type PagespeedStrategy,
} from '@maya/connectors';
import type { FastifyBaseLogger } from 'fastify';
import type { Warehouse } from '@maya/warehouse';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { pagespeedRepository as repo, type PagespeedRunRow } from './repository';
import type { PagespeedFailure } from './schema';
import { pool } from '../../platform/concurrency';
import { CLICKS_DAYS, clicksByPage, resultRow, writeResults } from './warehouse';

/** The queue of measurement runs: `{organization_id, url_ids}` (null ids: every URL). */
export const PAGESPEED_RUN_QUEUE = 'pagespeed.run';
export type PagespeedRunJob = { organization_id: string; url_ids: string[] | null };

export type PagespeedDeps = {
  platform: Pick<Platform, 'database' | 'jobs'>;
  withWarehouse<T>(organizationId: string, work: (warehouse: Warehouse) => Promise<T>): Promise<T>;
  /** Tells reports the organization's data changed (modelling's version bump). */
  changed(organizationId: string): Promise<void>;
  /** The PageSpeed Insights client; null when no API key is configured. */
  client: PagespeedClient | null;
  /** Runs at once per job. */
  concurrency: number;
  /** The organizations the daily schedule measures (ETL enabled). */
  organizations(): Promise<string[]>;
  now?: () => Date;
  log?: () => FastifyBaseLogger | null;
};

export type PagespeedService = ReturnType<typeof createPagespeedService>;

const toRun = (row: PagespeedRunRow | null): PagespeedRun | null =>
  row === null
    ? null
    : {
        status: row.status,
        started_at: row.startedAt?.toISOString() ?? null,
        finished_at: row.finishedAt?.toISOString() ?? null,
        measured: row.measured,
        failures: row.failures,
      };

const messageOf = (error: unknown) =>
  error instanceof ProviderError
    ? `Error ${String(error.status)}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);

/** The demo organization is everyone's: its list is read, never changed or run (as its expenses). */
function assertWritable(access: OrganizationAccess): void {
  if (access.isDemo) {
    throw new AppError(403, PlatformErrorType.forbidden, {
      message: "The demo organization's PageSpeed URLs cannot be changed.",
    });
  }
}

export function createPagespeedService(deps: PagespeedDeps) {
  const { db } = deps.platform.database;
  const now = deps.now ?? (() => new Date());
  const warn = (error: unknown, organizationId: string, message: string) =>
    deps.log?.()?.warn({ err: error, organizationId }, message);

  /** Queues a run; its status replaces the last one's. A run already waiting under `singletonKey` stays. */
  async function enqueue(organizationId: string, urlIds: string[] | null, singletonKey?: string) {
    const job: PagespeedRunJob = { organization_id: organizationId, url_ids: urlIds };
    await deps.platform.jobs.sendRecorded(
      PAGESPEED_RUN_QUEUE,
      job,
      { retryLimit: 1, ...(singletonKey ? { singletonKey } : {}) },
      (jobId) => withOrganization(db, organizationId, (tx) => repo.queued(tx, organizationId, jobId)),
    );
  }

  async function read(organizationId: string): Promise<PagespeedUrlsResponse> {
    return withOrganization(db, organizationId, async (tx) => ({
      urls: (await repo.list(tx)).map((row) => ({ uuid: row.id, url_link: row.urlLink })),
      last_run: toRun(await repo.lastRun(tx)),
    }));
  }

  /** Measures the URLs (all, or `urlIds`) on both strategies and stores what the provider answered. */
  async function measure(
    organizationId: string,
    jobId: string,
    urlIds: string[] | null,
    signal?: AbortSignal,
  ): Promise<void> {
    const startedAt = now();
    const day = utcDay(startedAt);
    const urls = await withOrganization(db, organizationId, async (tx) => {
      await repo.progress(tx, organizationId, jobId, { status: 'running', startedAt });
      const all = await repo.list(tx);
      return urlIds === null ? all : all.filter((row) => urlIds.includes(row.id));
    });
    const finish = (run: { status: 'finished' | 'failed'; measured: number; failures: PagespeedFailure[] }) =>
      withOrganization(db, organizationId, (tx) =>
        repo.progress(tx, organizationId, jobId, { ...run, finishedAt: now() }),
      );
    const client = deps.client;
    if (client === null) {
      const failures = urls.map((u) => ({
        url_link: u.urlLink,
        strategy: 'all',
        message: 'No PageSpeed Insights API key is configured (PAGESPEED_API_KEY)',
      }));
      await finish({ status: 'failed', measured: 0, failures });
      return;
    }
    const tasks = urls.flatMap((u) => PAGESPEED_STRATEGIES.map((strategy) => ({ url: u.urlLink, strategy })));
    const measured: PagespeedMeasurement[] = [];
    const failures: PagespeedFailure[] = [];
    let quotaExhausted: string | null = null;
    const fail = (task: { url: string; strategy: PagespeedStrategy }, message: string) =>
      failures.push({ url_link: task.url, strategy: task.strategy, message });
    await pool(tasks, deps.concurrency, async (task) => {
      // Once the quota is spent (429s past their retries), the rest wait for the next run.
      if (quotaExhausted !== null) return void fail(task, quotaExhausted);
      if (signal?.aborted) return void fail(task, 'The run was stopped');
      try {
        measured.push(await client.run(task.url, task.strategy, signal));
      } catch (error) {
        const message = messageOf(error);
        if (error instanceof ProviderError && error.kind === 'rate_limited') quotaExhausted = message;
        fail(task, message);
      }
    });
    try {
      await deps.withWarehouse(organizationId, async (warehouse) => {
        let clicks: Map<string, number> | null = null;
        try {
          clicks = await clicksByPage(warehouse, day);
        } catch (error) {
          warn(error, organizationId, 'pagespeed: reading search clicks failed');
        }
        const rows = measured.map((m) =>
          resultRow(m, day, clicks === null ? null : (clicks.get(normalizedPagespeedUrl(m.url)) ?? 0)),
        );
        await writeResults(warehouse, rows);
      });
    } catch (error) {
      warn(error, organizationId, 'pagespeed: writing the results failed');
      const message = `The results could not be written to the organization's data: ${messageOf(error)}`;
      await finish({
        status: 'failed',
        measured: 0,
        failures: [...failures, ...measured.map((m) => ({ url_link: m.url, strategy: m.strategy, message }))],
      });
      return;
    }
    if (measured.length > 0) {
      await withOrganization(db, organizationId, (tx) => repo.markResults(tx));
      // The version bump comes before "finished": whoever saw the run finish lists the report
      // (the semantic models are read once per version).
      try {
        await deps.changed(organizationId);
      } catch (error) {
        warn(error, organizationId, 'pagespeed: announcing the new results failed');
      }
    }
    await finish({ status: 'finished', measured: measured.length, failures });
  }

  return {
    list: read,

    /** Whether the organization has a stored measurement (what lists the PageSpeed report). */
    hasResults: (organizationId: string): Promise<boolean> =>
      withOrganization(db, organizationId, async (tx) => (await repo.lastRun(tx))?.hasResults ?? false),

    /**
     * Replaces the list (the schema has checked it: at most 250, each a distinct http(s) URL) and
     * queues a run of the URLs that are new or changed. The demo organization's list is read only.
     */
    async save(access: OrganizationAccess, urls: readonly PagespeedUrl[]): Promise<PagespeedUrlsResponse> {
      assertWritable(access);
      const { organizationId } = access;
      const fresh = await withOrganization(db, organizationId, async (tx) => {
        const before = new Map((await repo.list(tx)).map((row) => [row.id, row.urlLink]));
        const saved = await repo.replace(
          tx,
          organizationId,
          urls.map((u) => ({ id: u.uuid, urlLink: u.url_link.trim() })),
        );
        return saved.filter((row) => before.get(row.id) !== row.urlLink).map((row) => row.id);
      });
      if (fresh.length > 0) await enqueue(organizationId, fresh);
      return read(organizationId);
    },

    /** Queues a run of every URL now; at most one waits per organization (pg-boss singleton key). */
    async runNow(access: OrganizationAccess): Promise<{ last_run: PagespeedRun }> {
      assertWritable(access);
      const { organizationId } = access;
      const count = await withOrganization(db, organizationId, async (tx) => (await repo.list(tx)).length);
      if (count === 0) {
        throw new AppError(400, PagespeedErrorType.noUrls, {
          message: 'There are no PageSpeed URLs to measure',
        });
      }
      await enqueue(organizationId, null, `${organizationId}:now`);
      const run = await withOrganization(db, organizationId, (tx) => repo.lastRun(tx));
      return { last_run: toRun(run) as PagespeedRun };
    },

    /**
     * The organization's most clicked pages (Search Console) that the list lacks, and the clicks
     * of each listed page (0: none in the 28 days), which the editor shows beside it.
     */
    async top(organizationId: string): Promise<PagespeedTopUrlsResponse> {
      const listed = (await read(organizationId)).urls.map((u) => u.url_link);
      const keys = new Set(listed.map(normalizedPagespeedUrl));
      const clicks = await deps.withWarehouse(organizationId, (warehouse) =>
        clicksByPage(warehouse, utcDay(now())),
      );
      const answer = {
        days: CLICKS_DAYS,
        source: clicks === null ? null : ('google_search_console' as const),
      };
      if (clicks === null) return { urls: [], listed: [], ...answer };
      const urls = [...clicks]
        .filter(([url]) => !keys.has(url))
        .slice(0, pagespeedLimits.topUrls)
        .map(([url_link, count]) => ({ url_link, clicks: count }));
      const visits = listed.map((url_link) => ({
        url_link,
        clicks: clicks.get(normalizedPagespeedUrl(url_link)) ?? 0,
      }));
      return { urls, listed: visits, ...answer };
    },

    /** The job: one organization's run. */
    async run(data: unknown, run: { id: string; signal?: AbortSignal }): Promise<void> {
      const job = data as PagespeedRunJob;
      await measure(job.organization_id, run.id, job.url_ids, run.signal);
    },

    /** The daily schedule: a run of every URL of each organization that has some. */
    async schedule(): Promise<number> {
      const day = utcDay(now());
      let queued = 0;
      for (const organizationId of await deps.organizations()) {
        const count = await withOrganization(db, organizationId, async (tx) => (await repo.list(tx)).length);
        if (count === 0) continue;
        await enqueue(organizationId, null, `${organizationId}:${day}`);
        queued += 1;
      }
      return queued;
    },
  };
}
