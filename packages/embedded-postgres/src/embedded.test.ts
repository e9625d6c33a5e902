import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

const silent = { info() {}, warn() {}, debug() {} };
let dataDir = '';
let server: EmbeddedDatabase | null = null;
const taken = net.createServer();

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => taken.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL beside another one', () => {
  // Two test runs (or a test run and `npm start`) start at the same moment: both find the
  // preferred port free, and one of them loses it to the other before PostgreSQL binds it.
  it('moves to another port when the one it found free was taken meanwhile', async () => {
    const takenPort = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as net.AddressInfo).port)),
    );
    const asked: number[] = [];
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'maya-embedded-race-'));
    await chmod(dataDir, 0o755); // the server runs as the `postgres` user when we are root
    server = await startEmbeddedPostgres({
      dataDir,
      port: null,
      superPassword: randomBytes(24).toString('base64url'),
      ownerPassword: randomBytes(24).toString('base64url'),
      log: silent,
      // The first answer is stale: that port is in use by the time PostgreSQL binds it.
      findPort: async (preferred) => {
        asked.push(preferred);
        if (asked.length === 1) return takenPort;
        const probe = net.createServer();
        await new Promise<void>((resolve) => probe.listen(preferred, '127.0.0.1', resolve));
        const port = (probe.address() as net.AddressInfo).port;
        await new Promise((resolve) => probe.close(resolve));
        return port;
      },
    });
    expect(asked).toEqual([54329, 0]);
    expect(server.port).not.toBe(takenPort);
    const client = new pg.Client({ connectionString: server.ownerUrl });
    await client.connect();
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    await client.end();
    expect(rows).toEqual([{ one: 1 }]);
  }, 120_000);
});
