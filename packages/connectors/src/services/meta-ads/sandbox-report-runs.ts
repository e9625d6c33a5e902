// The sandbox's asynchronous insights report runs, as Meta documents them: `POST /act_{id}/insights`
// starts an AdReportRun (`{report_run_id}`), `GET /{report_run_id}` answers its `async_status` and
// `async_percent_completion`, and `GET /{report_run_id}/insights` pages its rows once completed.
// A small run (up to LARGE_RUN_ROWS rows) is completed by its first poll; a large one is not started
// at its first poll, running at its second, completed from its third.
// https://developers.facebook.com/docs/marketing-api/insights/best-practices/#asynchronous
import { randomInt } from 'node:crypto';
import { SandboxApiError } from '../../sandbox/apis/api';
import type { InsightsQuery } from './sandbox-insights';
import type { MetaAdAccount } from './sandbox-data';

export type AsyncStatus = 'Job Not Started' | 'Job Running' | 'Job Completed' | 'Job Failed';

export type ReportRun = {
  id: string;
  /** The user (sandbox account email) who started it: nobody else may read it. */
  owner: string;
  account: MetaAdAccount;
  query: InsightsQuery;
  /** The sandbox clock when it was started: its rows are those of that moment. */
  startedAt: number;
  polls: number;
  /** Polls before it reports Job Completed (1: small runs are done by their first poll). */
  pollsToComplete: number;
  /** Armed by the sandbox control route: the run ends in Job Failed. */
  fails: boolean;
};

/** Runs of more rows than this take three polls to complete. */
export const LARGE_RUN_ROWS = 1000;

/** Async statuses by poll, the last one repeated. */
const PROGRESS: readonly [AsyncStatus, number][] = [
  ['Job Not Started', 0],
  ['Job Running', 50],
  ['Job Completed', 100],
];

export class ReportRuns {
  private readonly runs = new Map<string, ReportRun>();
  /** How many of the next runs end in Job Failed (`POST /_sandbox/report-runs` `{fail_next}`). */
  failNext = 0;

  start(owner: string, account: MetaAdAccount, query: InsightsQuery, now: number, rows: number): ReportRun {
    const id = String(6_000_000_000_000 + randomInt(999_999_999_999));
    const fails = this.failNext > 0;
    if (fails) this.failNext -= 1;
    const pollsToComplete = rows > LARGE_RUN_ROWS ? PROGRESS.length : 1;
    const run: ReportRun = { id, owner, account, query, startedAt: now, polls: 0, pollsToComplete, fails };
    this.runs.set(id, run);
    return run;
  }

  /** The run of that id for that user, or undefined (the node is something else). */
  find(id: string, owner: string): ReportRun | undefined {
    const run = this.runs.get(id);
    return run && run.owner === owner ? run : undefined;
  }

  /** The AdReportRun node at this poll, which moves the run on. */
  poll(run: ReportRun): Record<string, unknown> {
    const [status, percent] = this.progress(run);
    run.polls += 1;
    return {
      id: run.id,
      account_id: run.account.accountId,
      async_status: status,
      async_percent_completion: percent,
      date_start: run.query.since,
      date_stop: run.query.until,
      time_ref: Math.floor(run.startedAt / 1000),
    };
  }

  /** Reading the rows of a run not yet reported completed is refused, as Meta does. */
  requireCompleted(run: ReportRun): void {
    if (run.fails || run.polls < run.pollsToComplete) {
      throw new SandboxApiError(
        'invalid_argument',
        `(#100) The report run ${run.id} is not completed: poll it until async_status is Job Completed`,
      );
    }
  }

  private progress(run: ReportRun): [AsyncStatus, number] {
    const step = run.polls + 1 >= run.pollsToComplete ? PROGRESS.length - 1 : run.polls;
    const [status, percent] = PROGRESS[step] ?? ['Job Completed', 100];
    return run.fails && status === 'Job Completed' ? ['Job Failed', 50] : [status, percent];
  }
}
