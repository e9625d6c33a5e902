import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../embedded';

/**
 * The one PostgreSQL of a test run. Global setups all run in Vitest's main process: each project
 * that needs a database acquires this server, the first starts it, the last release stops it.
 * Kept on `globalThis` because each project may load its global setup as a module of its own.
 */
type Shared = { ownerUrl: Promise<string>; users: number; stop: () => Promise<void> };

const KEY = Symbol.for('maya.embedded-postgres.test-server');
const registry = globalThis as typeof globalThis & { [KEY]?: Shared };

const silent = { info() {}, warn() {}, debug() {} };

/** The owner URL of the run's server (CREATEDB, CREATEROLE, not a superuser), started on first use. */
export function acquireTestPostgres(): Promise<string> {
  const existing = registry[KEY];
  if (existing) {
    existing.users += 1;
    return existing.ownerUrl;
  }
  let stop: () => Promise<void> = async () => {};
  const ownerUrl = (async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'maya-test-pg-'));
    await chmod(dataDir, 0o755); // the server runs as the `postgres` user when we are root
    const removeDir = () => rm(dataDir, { recursive: true, force: true });
    try {
      const server = await startEmbeddedPostgres({
        dataDir,
        port: null,
        superPassword: randomBytes(24).toString('base64url'),
        ownerPassword: randomBytes(24).toString('base64url'),
        log: silent,
        // A test's scratch database lives seconds and is dropped WITH (FORCE). An autovacuum
        // worker runs as the bootstrap superuser, and the owner (not a superuser) may not
        // terminate it: the drop failed with "permission denied to terminate process".
        settings: { autovacuum: 'off' },
      });
      stop = async () => {
        await server.stop();
        await removeDir();
      };
      return server.ownerUrl;
    } catch (error) {
      await removeDir();
      throw error;
    }
  })();
  const shared: Shared = { ownerUrl, users: 1, stop: () => stop() };
  registry[KEY] = shared;
  // A failed start is not kept: the next acquire tries again and reports its own error.
  ownerUrl.catch(() => {
    if (registry[KEY] === shared) delete registry[KEY];
  });
  return ownerUrl;
}

/** One user is done with the server; the last one stops it and removes its data. */
export async function releaseTestPostgres(): Promise<void> {
  const shared = registry[KEY];
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  delete registry[KEY];
  await shared.stop();
}
