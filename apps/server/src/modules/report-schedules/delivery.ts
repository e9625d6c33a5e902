// One delivery of a schedule (issue 32): the page drawn as PDF and mailed to each recipient. A
// scheduled delivery that fails is tried again after 5 minutes, 30 minutes and 2 hours, then
// given up until the next one on the calendar; the organization is told in its notifications
// when it first fails and when it is given up. The clock is the caller's.
import { AppError } from '../../platform/errors';
import type { NotifyInput } from '../notifications';
import type { MailMessage } from '../../platform/mail';
import type { ScheduleProgress, ScheduleRow } from './repository';
import { nextOccurrence, retryAt, RETRY_DELAYS_MS } from './timing';

/** A delivery job: the schedule's occurrence due at `due` (ISO), or a "send now" (null). */
export type DeliveryJob = { organizationId: string; scheduleId: string; due: string | null };

export type DeliveryDeps = {
  now: () => Date;
  /** The schedule's page as PDF. */
  render: (schedule: ScheduleRow) => Promise<Buffer>;
  /** One message per recipient, the PDF attached. */
  mails: (schedule: ScheduleRow, pdf: Buffer) => Promise<MailMessage[]>;
  send: (message: MailMessage) => Promise<void>;
  save: (schedule: ScheduleRow, progress: ScheduleProgress) => Promise<void>;
  /** Queues the delivery `job` to run at `at`. */
  enqueue: (job: DeliveryJob, at: Date) => Promise<void>;
  notify: (organizationId: string, input: NotifyInput) => Promise<unknown>;
};

export type DeliveryOutcome = 'sent' | 'failed' | 'retrying' | 'gave_up';

export const DELIVERY_FAILED_TITLE = 'Scheduled report not delivered';
const ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Why it failed, as a person reads it: an API error's message, else the error's. */
function reasonOf(error: unknown): string {
  const message =
    error instanceof AppError && typeof error.extra.message === 'string'
      ? error.extra.message
      : error instanceof Error
        ? error.message
        : String(error);
  return message.slice(0, 500);
}
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Whether the job is still the schedule's: a later change of the calendar leaves older jobs idle. */
export function isCurrent(schedule: ScheduleRow, job: DeliveryJob): boolean {
  return job.due === null || schedule.nextRunAt.toISOString() === job.due;
}

export async function deliver(
  deps: DeliveryDeps,
  schedule: ScheduleRow,
  job: DeliveryJob,
): Promise<DeliveryOutcome> {
  let failure: string | null = null;
  try {
    const pdf = await deps.render(schedule);
    for (const message of await deps.mails(schedule, pdf)) await deps.send(message);
  } catch (error) {
    failure = reasonOf(error);
  }
  const now = deps.now();
  const scheduled = job.due !== null;
  const tell = (body: string) =>
    deps.notify(schedule.organizationId, { type: 'error', title: DELIVERY_FAILED_TITLE, body });
  const next = async (at: Date, progress: Omit<ScheduleProgress, 'nextRunAt'>) => {
    await deps.save(schedule, { nextRunAt: at, ...progress });
    await deps.enqueue(
      { organizationId: schedule.organizationId, scheduleId: schedule.id, due: at.toISOString() },
      at,
    );
  };

  if (failure === null) {
    if (!scheduled) {
      await deps.save(schedule, {
        nextRunAt: schedule.nextRunAt,
        attempt: schedule.attempt,
        lastSentAt: now,
      });
      return 'sent';
    }
    await next(nextOccurrence(schedule, now), { attempt: 0, lastSentAt: now, lastError: null });
    return 'sent';
  }
  if (!scheduled) {
    await deps.save(schedule, {
      nextRunAt: schedule.nextRunAt,
      attempt: schedule.attempt,
      lastError: failure,
    });
    await tell(`"${schedule.name}" could not be sent: ${failure}`);
    return 'failed';
  }
  const attempt = schedule.attempt + 1;
  const retry = retryAt(attempt, now);
  if (retry !== null) {
    await next(retry, { attempt, lastError: failure });
    if (attempt === 1) {
      await tell(
        `"${schedule.name}" could not be sent: ${failure}. It will be tried again at ${utc(retry)}.`,
      );
    }
    return 'retrying';
  }
  const following = nextOccurrence(schedule, now);
  await next(following, { attempt: 0, lastError: failure });
  await tell(
    `"${schedule.name}" could not be sent after ${ATTEMPTS} attempts: ${failure}. The next delivery is at ${utc(following)}.`,
  );
  return 'gave_up';
}
