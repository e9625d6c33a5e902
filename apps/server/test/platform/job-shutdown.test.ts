// A worker that stops gives up its running jobs (a data load does not hold a shutdown), and they
// are due again at once, not after their queue's retry delay: the next start, or another worker,
// takes them up as soon as it polls (Ctrl-C during a load, issue 25).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/database';

const QUEUE = 'test.interrupted';
/** A retry delay far longer than the test: a job that kept it would still be waiting. */
const RETRY_DELAY_SECONDS = 3_600;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(() => app.close());

describe('a worker that stops', () => {
  it('leaves the job it gave up due at once, for its next attempt', async () => {
    const { boss, work, stopWorkers } = app.platform.jobs;
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    await work([
      {
        name: QUEUE,
        handler: async (_data, job) => {
          started();
          await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
          throw new Error('given up: the worker is stopping');
        },
      },
    ]);
    const id = await boss.send(QUEUE, { load: 1 }, { retryLimit: 3, retryDelay: RETRY_DELAY_SECONDS });
    if (id === null) throw new Error('the job was not sent');
    await running;

    const stoppedAt = new Date();
    await stopWorkers();
    const job = await boss.getJobById(QUEUE, id);
    expect(job).toMatchObject({ state: 'retry', data: { load: 1 } });
    // Due now (the database's clock may run a little ahead of ours), not in an hour.
    expect(job!.startAfter.getTime()).toBeLessThan(stoppedAt.getTime() + 60_000);
  }, 60_000);
});
