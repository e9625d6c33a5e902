// Keeping a DuckDB file open after its last handle, and handing it over to another process.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acquireDuckDb,
  duckDbFileFor,
  letGoOfDuckDb,
  releaseDuckDb,
  type DuckDbSettings,
} from './duckdb-instance';
import { DUCKDB_DEFAULTS, openDuckDbWarehouse } from './duckdb-warehouse';

/** What openDuckDbWarehouse opens a file with when told nothing: the engines here share it. */
const SETTINGS: DuckDbSettings = { allowedDirectories: [], ...DUCKDB_DEFAULTS };
const KEEP = { keepOpenMs: 60_000, lockWaitMs: 0 };

let dataDir: string;
let holderScript: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'maya-sharing-'));
  // Another process holding the file, as a worker would: plain JavaScript on DuckDB's own API,
  // closing it when told to on its IPC channel.
  holderScript = join(dataDir, 'holder.cjs');
  const duckdb = createRequire(import.meta.url).resolve('@duckdb/node-api');
  writeFileSync(
    holderScript,
    `const { DuckDBInstance } = require(${JSON.stringify(duckdb)});
(async () => {
  const instance = await DuckDBInstance.create(process.argv[2]);
  const conn = await instance.connect();
  await conn.run('CREATE TABLE IF NOT EXISTS held (n INTEGER)');
  await conn.run('INSERT INTO held VALUES (42)');
  process.send('holding');
  process.on('message', () => {
    conn.closeSync();
    instance.closeSync();
    process.send('released');
    process.disconnect();
  });
})();`,
  );
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const file = () => duckDbFileFor(dataDir, randomUUID());

function startHolder(path: string): Promise<ChildProcess> {
  const child = fork(holderScript, [path], { stdio: 'ignore' });
  return new Promise((done, fail) => {
    child.once('message', () => done(child));
    child.once('exit', (code) => fail(new Error(`the holder exited with ${code}`)));
  });
}

describe('DuckDB files kept open', () => {
  it('serves the next handle from the open engine, then closes after the delay', async () => {
    const path = file();
    const first = await acquireDuckDb(path, SETTINGS, { keepOpenMs: 150, lockWaitMs: 0 });
    await releaseDuckDb(path, first);
    // The delay is the idle timer's: faked, so a slow machine cannot make 150 ms pass early.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await releaseDuckDb(path, first);
      await vi.advanceTimersByTimeAsync(149);
      const again = await acquireDuckDb(path, SETTINGS, { keepOpenMs: 150, lockWaitMs: 0 });
      expect(again).toBe(first);
      await releaseDuckDb(path, again);
      await vi.advanceTimersByTimeAsync(150);
    } finally {
      vi.useRealTimers();
    }
    const later = await acquireDuckDb(path, SETTINGS, { keepOpenMs: 0, lockWaitMs: 0 });
    expect(later).not.toBe(first);
    await releaseDuckDb(path, later);
  });

  it('closes at once when told to let go, and only after the last handle when in use', async () => {
    const idle = file();
    const shared = await acquireDuckDb(idle, SETTINGS, KEEP);
    await releaseDuckDb(idle, shared);
    await letGoOfDuckDb(idle);
    const reopened = await acquireDuckDb(idle, SETTINGS, KEEP);
    expect(reopened).not.toBe(shared);
    await releaseDuckDb(idle, reopened);
    await letGoOfDuckDb(idle);

    const busy = file();
    const held = await openDuckDbWarehouse({ file: busy, sharing: KEEP });
    await held.ensureSchema('kept');
    await letGoOfDuckDb(busy); // in use: marks it
    const sameEngine = await acquireDuckDb(busy, SETTINGS, KEEP);
    await releaseDuckDb(busy, sameEngine);
    await held.close(); // the last handle: closes now, not in a minute
    const after = await acquireDuckDb(busy, SETTINGS, KEEP);
    expect(after).not.toBe(sameEngine);
    await releaseDuckDb(busy, after);
    await letGoOfDuckDb(busy);
  });

  it('opens a file kept for nobody with other settings afresh', async () => {
    const path = file();
    const shared = await acquireDuckDb(path, SETTINGS, KEEP);
    await releaseDuckDb(path, shared);
    const other = await acquireDuckDb(path, { ...SETTINGS, threads: SETTINGS.threads === 1 ? 2 : 1 }, KEEP);
    expect(other).not.toBe(shared);
    await expect(acquireDuckDb(path, SETTINGS, KEEP)).rejects.toThrow(/already open with other settings/);
    await releaseDuckDb(path, other);
    await letGoOfDuckDb(path);
  });
});

describe('DuckDB files held by another process', () => {
  it('fails at once without a wait, naming the lock', async () => {
    const path = file();
    const holder = await startHolder(path);
    try {
      await expect(openDuckDbWarehouse({ file: path })).rejects.toThrow(/cannot open .*lock/i);
    } finally {
      holder.send('let go');
      await new Promise((done) => holder.once('exit', done));
    }
  });

  it('asks the holder to let go and opens the file once it has, with its rows', async () => {
    const path = file();
    const holder = await startHolder(path);
    const asked: string[] = [];
    const warehouse = await openDuckDbWarehouse({
      file: path,
      sharing: {
        keepOpenMs: 0,
        lockWaitMs: 10_000,
        onLocked: (locked) => {
          asked.push(locked);
          holder.send('let go');
        },
      },
    });
    try {
      expect(asked).toEqual([path]);
      const { rows } = await warehouse.query('SELECT n FROM held', [], { timeoutMs: 5_000 });
      expect(rows).toEqual([{ n: 42 }]);
    } finally {
      await warehouse.close();
      await new Promise((done) => (holder.exitCode === null ? holder.once('exit', done) : done(null)));
    }
  });

  it('gives up after the wait when the holder keeps the file', async () => {
    const path = file();
    const holder = await startHolder(path);
    // The wait runs on an injected clock: each pause moves it on, none is waited for real.
    let now = 0;
    const pauses: number[] = [];
    const asked: number[] = [];
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        pauses.push(ms);
        now += ms;
      },
    };
    try {
      await expect(
        openDuckDbWarehouse({
          file: path,
          sharing: { keepOpenMs: 0, lockWaitMs: 2_500, onLocked: () => void asked.push(now), clock },
        }),
      ).rejects.toThrow(/cannot open .*lock/i);
      // Pauses double from 10 ms up to 250 ms, the last cut to end the wait at 2.5 s exactly;
      // the holder is asked at first and then once a second.
      expect(pauses.slice(0, 6)).toEqual([10, 20, 40, 80, 160, 250]);
      expect(now).toBe(2_500);
      expect(asked).toEqual([0, 1_060, 2_060]);
    } finally {
      holder.send('let go');
      await new Promise((done) => holder.once('exit', done));
    }
  });
});
