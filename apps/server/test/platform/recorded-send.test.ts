// A job whose handler checks the id its sender recorded (is this run still the latest?) must
// never start before that id is written: `sendRecorded` writes it first. The competitors' runs
// once recorded it after sending, and a run that started at once found itself superseded.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/database';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(() => app.close());

describe('a job sent with its id recorded first', () => {
  it('starts only once its id is recorded, even when workers wake at the send', async () => {
    const { sendRecorded, work } = app.platform.jobs;
    let recorded: string | null = null;
    let seen: { id: string; recorded: string | null } | null = null;
    let handled = () => {};
    const done = new Promise<void>((resolve) => (handled = resolve));
    await work([
      {
        name: 'test.recorded',
        wakeOnSend: true,
        handler: async (_data, job) => {
          seen = { id: job.id, recorded };
          handled();
        },
      },
    ]);
    const id = await sendRecorded('test.recorded', {}, {}, async (jobId) => {
      // A slow write (another transaction ahead of it): the job must still wait for it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      recorded = jobId;
    });
    await done;
    expect(id).not.toBeNull();
    expect(seen).toEqual({ id, recorded: id });
  }, 60_000);

  it('sends and records nothing while a job of the same singleton key waits', async () => {
    const { boss, sendRecorded } = app.platform.jobs;
    await boss.createQueue('test.recorded-singleton'); // no worker: the first job stays queued
    const records: string[] = [];
    const record = async (jobId: string) => void records.push(jobId);
    const first = await sendRecorded('test.recorded-singleton', {}, { singletonKey: 'org' }, record);
    const second = await sendRecorded('test.recorded-singleton', {}, { singletonKey: 'org' }, record);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(records).toEqual([first]);
    const other = await sendRecorded('test.recorded-singleton', {}, { singletonKey: 'other' }, record);
    expect(records).toEqual([first, other]);
  }, 60_000);
});
