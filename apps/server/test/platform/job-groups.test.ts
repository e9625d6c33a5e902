// A queue worked several jobs at once, one per group (decision 722: first loads of different
// organizations side by side, one per organization): a group's second job waits for its first,
// while another group's job goes ahead of it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/database';

const QUEUE = 'test.grouped';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(() => app.close());

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('a queue worked one job per group at a time', () => {
  it('runs another group’s job beside a busy group’s, and the busy group’s next after its first', async () => {
    const { boss, work } = app.platform.jobs;
    const started: string[] = [];
    const first = gate();
    const firstStarted = gate();
    const otherDone = gate();
    const secondStarted = gate();
    await work([
      {
        name: QUEUE,
        concurrency: 2,
        onePerGroup: true,
        handler: async (data) => {
          const { label } = data as { label: string };
          started.push(label);
          if (label === 'a1') {
            firstStarted.open();
            await first.opened;
          }
          if (label === 'b') otherDone.open();
          if (label === 'a2') secondStarted.open();
        },
      },
    ]);
    // org-a's load is at work; then its next one is queued, and after it another organization's.
    await boss.send(QUEUE, { label: 'a1' }, { group: { id: 'org-a' } });
    await firstStarted.opened;
    await boss.send(QUEUE, { label: 'a2' }, { group: { id: 'org-a' } });
    await boss.send(QUEUE, { label: 'b' }, { group: { id: 'org-b' } });

    // b runs while a1 is still at work, a2 not yet: one at a time, b would wait for a1; without
    // the group limit, a2 (queued first) would take the free place before it.
    await otherDone.opened;
    expect(started).toEqual(['a1', 'b']);
    // a2 only once a1 has ended.
    first.open();
    await secondStarted.opened;
    expect(started).toEqual(['a1', 'b', 'a2']);
  }, 60_000);
});
