// A schedule's delivery on an injected clock: mailed with its PDF, or retried after 5 minutes,
// 30 minutes and 2 hours, then given up until the next delivery on the calendar; the
// organization's notifications say so on the first failure and when it gives up.
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../platform/mail';
import { DELIVERY_FAILED_TITLE, deliver, isCurrent, type DeliveryJob } from './delivery';
import type { ScheduleProgress, ScheduleRow } from './repository';
import { scheduleRow } from '../../../test/support/schedules';

const ORG = '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02';
const DUE = new Date('2026-11-30T08:00:00Z');

const schedule = (over: Partial<ScheduleRow> = {}): ScheduleRow => scheduleRow({ nextRunAt: DUE, ...over });

/** A delivery's world: a clock, a renderer that may fail, the outbox, the saved progress, the queue. */
function world(options: { failRender?: boolean; now?: Date } = {}) {
  const sent: MailMessage[] = [];
  const saved: ScheduleProgress[] = [];
  const queued: { job: DeliveryJob; at: string }[] = [];
  const told: string[] = [];
  const now = options.now ?? new Date(DUE.getTime() + 30_000);
  const deps = {
    now: () => now,
    render: async () => {
      if (options.failRender) throw new Error('Chromium crashed');
      return Buffer.from('%PDF-1.4');
    },
    mails: async (row: ScheduleRow, pdf: Buffer) =>
      row.recipients.map((to) => ({
        to,
        subject: row.name,
        text: '',
        html: '',
        attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: pdf }],
      })),
    send: async (message: MailMessage) => {
      sent.push(message);
    },
    save: async (_row: ScheduleRow, progress: ScheduleProgress) => {
      saved.push(progress);
    },
    enqueue: async (job: DeliveryJob, at: Date) => {
      queued.push({ job, at: at.toISOString() });
    },
    notify: async (_organizationId: string, input: { title: string; body: string }) => {
      told.push(`${input.title}: ${input.body}`);
    },
  };
  return { deps, sent, saved, queued, told };
}

const due: DeliveryJob = { organizationId: ORG, scheduleId: schedule().id, due: DUE.toISOString() };

describe('a scheduled delivery', () => {
  it('mails the PDF to each recipient and queues the next one on the calendar', async () => {
    const w = world();
    expect(await deliver(w.deps, schedule(), due)).toBe('sent');
    expect(w.sent.map((m) => m.to)).toEqual(['a@example.com', 'b@example.org']);
    expect(w.sent.every((m) => m.attachments?.[0]?.content.toString() === '%PDF-1.4')).toBe(true);
    expect(w.saved).toEqual([
      { nextRunAt: new Date('2026-12-07T08:00:00Z'), attempt: 0, lastSentAt: w.deps.now(), lastError: null },
    ]);
    expect(w.queued).toEqual([
      { job: { ...due, due: '2026-12-07T08:00:00.000Z' }, at: '2026-12-07T08:00:00.000Z' },
    ]);
    expect(w.told).toEqual([]);
  });

  it('retries a failure after 5 minutes, says so once, and keeps the calendar', async () => {
    const w = world({ failRender: true });
    expect(await deliver(w.deps, schedule(), due)).toBe('retrying');
    expect(w.sent).toEqual([]);
    const retry = new Date(w.deps.now().getTime() + 5 * 60_000);
    expect(w.saved).toEqual([{ nextRunAt: retry, attempt: 1, lastError: 'Chromium crashed' }]);
    expect(w.queued).toEqual([{ job: { ...due, due: retry.toISOString() }, at: retry.toISOString() }]);
    expect(w.told).toHaveLength(1);
    expect(w.told[0]).toContain(DELIVERY_FAILED_TITLE);
    expect(w.told[0]).toContain('Chromium crashed');

    // The second and third failures wait 30 minutes and 2 hours, without telling again.
    const second = world({ failRender: true });
    expect(await deliver(second.deps, schedule({ attempt: 1 }), due)).toBe('retrying');
    expect(second.saved[0]).toMatchObject({
      attempt: 2,
      nextRunAt: new Date(second.deps.now().getTime() + 30 * 60_000),
    });
    expect(second.told).toEqual([]);
    const third = world({ failRender: true });
    await deliver(third.deps, schedule({ attempt: 2 }), due);
    expect(third.saved[0]).toMatchObject({
      attempt: 3,
      nextRunAt: new Date(third.deps.now().getTime() + 2 * 3_600_000),
    });
  });

  it('gives up after the fourth attempt until the next delivery, and says so', async () => {
    const w = world({ failRender: true, now: new Date('2026-11-30T10:00:30Z') });
    expect(await deliver(w.deps, schedule({ attempt: 3 }), due)).toBe('gave_up');
    expect(w.saved).toEqual([
      { nextRunAt: new Date('2026-12-07T08:00:00Z'), attempt: 0, lastError: 'Chromium crashed' },
    ]);
    expect(w.queued.map((q) => q.at)).toEqual(['2026-12-07T08:00:00.000Z']);
    expect(w.told).toHaveLength(1);
    expect(w.told[0]).toMatch(/after 4 attempts.*2026-12-07 08:00 UTC/);
  });

  it('a retry that succeeds goes back to the calendar', async () => {
    const w = world({ now: new Date('2026-11-30T08:35:00Z') });
    expect(await deliver(w.deps, schedule({ attempt: 2, lastError: 'x' }), due)).toBe('sent');
    expect(w.saved[0]).toMatchObject({
      attempt: 0,
      lastError: null,
      nextRunAt: new Date('2026-12-07T08:00:00Z'),
    });
  });

  it('"send now" mails without moving the calendar; its failure is told, not retried', async () => {
    const now: DeliveryJob = { ...due, due: null };
    const ok = world();
    expect(await deliver(ok.deps, schedule(), now)).toBe('sent');
    expect(ok.saved).toEqual([{ nextRunAt: DUE, attempt: 0, lastSentAt: ok.deps.now() }]);
    expect(ok.queued).toEqual([]);
    const failed = world({ failRender: true });
    expect(await deliver(failed.deps, schedule(), now)).toBe('failed');
    expect(failed.queued).toEqual([]);
    expect(failed.told).toHaveLength(1);
  });

  it('a job for an occurrence the schedule no longer has is not current', () => {
    expect(isCurrent(schedule(), due)).toBe(true);
    expect(isCurrent(schedule({ nextRunAt: new Date('2026-12-07T08:00:00Z') }), due)).toBe(false);
    expect(isCurrent(schedule(), { ...due, due: null })).toBe(true);
  });
});
