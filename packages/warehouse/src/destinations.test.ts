import { createServer, type Server, type Socket } from 'node:net';
import { createScratchDatabase, type ScratchDatabase } from '@maya/embedded-postgres/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabricksDestinationConfig, PostgresDestinationConfig } from './destination-config';
import {
  CHECK_SCHEMA,
  checkDestination,
  destinationFailure,
  openDestinationWarehouse,
  postgresConnectionString,
} from './destinations';
import { WarehouseError } from './errors';
import { expectWarehouseError } from './testing/fixtures';

/**
 * checkDestination against a real PostgreSQL: the test run's embedded server (the global setup
 * of `@maya/embedded-postgres`), in a database of its own. Never skipped.
 */
let scratch: ScratchDatabase | null = null;
const scratchDatabase = (): ScratchDatabase => {
  if (!scratch) throw new Error('the scratch database is created in beforeAll');
  return scratch;
};

async function admin<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: scratchDatabase().url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** The database is on this machine: private addresses allowed, as in development. */
const LOCAL = { allowPrivateAddresses: true };

function localConfig(): PostgresDestinationConfig {
  const url = new URL(scratchDatabase().url);
  return {
    kind: 'postgresql',
    host: url.hostname,
    port: Number(url.port),
    database: scratchDatabase().name,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    ssl: 'disable',
  };
}

describe('postgresConnectionString', () => {
  it('URL-encodes the credentials and database, brackets IPv6 hosts, and maps the SSL choice', () => {
    const config: PostgresDestinationConfig = {
      kind: 'postgresql',
      host: 'db.example.com',
      port: 6432,
      database: 'ana lytics',
      user: 'me@corp',
      password: 'p@ss:w/rd?#%',
      ssl: 'require',
    };
    const text = postgresConnectionString(config);
    expect(text).toBe(
      'postgres://me%40corp:p%40ss%3Aw%2Frd%3F%23%25@db.example.com:6432/ana%20lytics?sslmode=no-verify',
    );
    const parsed = new URL(text);
    expect([decodeURIComponent(parsed.username), decodeURIComponent(parsed.password)]).toEqual([
      'me@corp',
      'p@ss:w/rd?#%',
    ]);
    expect(postgresConnectionString({ ...config, host: '::1', ssl: 'disable' })).toBe(
      'postgres://me%40corp:p%40ss%3Aw%2Frd%3F%23%25@[::1]:6432/ana%20lytics?sslmode=disable',
    );
    for (const bad of [
      { host: '' },
      { host: 'a/b' },
      { host: 'user@host' },
      { port: 0 },
      { port: 70_000 },
      { port: 1.5 },
    ]) {
      expect(() => postgresConnectionString({ ...config, ...bad })).toThrow(WarehouseError);
    }
  });
});

describe('destinationFailure', () => {
  const pgConfig: PostgresDestinationConfig = {
    kind: 'postgresql',
    host: 'db.example.com',
    port: 5432,
    database: 'maya',
    user: 'ana',
    password: 'x',
    ssl: 'require',
  };
  const wrapped = (cause: object) => new WarehouseError('engine_error', 'cannot connect', { cause });

  it('says what went wrong in words a user can act on', () => {
    const cases: [unknown, string][] = [
      [wrapped({ code: '28P01' }), 'PostgreSQL did not accept the password of user "ana".'],
      [wrapped({ code: '3D000' }), 'Database "maya" does not exist on db.example.com.'],
      [
        wrapped(Object.assign(new Error('getaddrinfo ENOTFOUND db.example.com'), { code: 'ENOTFOUND' })),
        'Host "db.example.com" could not be found.',
      ],
      [
        wrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
        'PostgreSQL at db.example.com:5432 refused the connection.',
      ],
      [
        wrapped(new Error('The server does not support SSL connections')),
        'The server does not accept encrypted connections; turn SSL off.',
      ],
      [null, 'PostgreSQL at db.example.com:5432 did not answer within 15 seconds.'],
    ];
    for (const [error, message] of cases)
      expect(destinationFailure(pgConfig, error, 15_000).message).toBe(message);
    expect(destinationFailure(pgConfig, null, 15_000).type).toBe('query_timeout');
    const databricks: DatabricksDestinationConfig = {
      kind: 'databricks',
      host: 'adb-1.2.azuredatabricks.net',
      httpPath: '/sql/1.0/warehouses/x',
      authType: 'azure-client-secret',
      azureWorkspaceResourceId: 'r',
      azureClientId: 'c',
      azureClientSecret: 's',
      azureTenantId: 't',
      catalog: 'main',
    };
    const signIn = new WarehouseError(
      'engine_error',
      'Databricks did not let the service principal in: AADSTS7000215',
    );
    expect(destinationFailure(databricks, signIn, 15_000).message).toBe(signIn.message);
    expect(destinationFailure(databricks, new Error('socket hang up'), 15_000).message).toBe(
      'Databricks at adb-1.2.azuredatabricks.net: socket hang up',
    );
  });
});

describe('checkDestination against PostgreSQL', () => {
  let silent: Server;
  let silentPort = 0;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    scratch = await createScratchDatabase('maya_destination_test');
    // Accepts connections and never answers: a server that hangs.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    silentPort = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await scratch?.drop();
  });

  it('passes with good settings, leaving only the empty maya_check schema', async () => {
    await checkDestination(localConfig(), LOCAL);
    await checkDestination(localConfig(), LOCAL);
    const tables = await admin((c) =>
      c.query<{ n: string }>('SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1', [
        CHECK_SCHEMA,
      ]),
    );
    const schemas = await admin((c) =>
      c.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [CHECK_SCHEMA]),
    );
    expect([tables.rows[0]?.n, schemas.rowCount]).toEqual(['0', 1]);
    const wh = await openDestinationWarehouse(localConfig(), LOCAL);
    expect(wh.engine).toBe('postgres');
    await wh.close();
  });

  it('names the user that does not exist and the database that does not exist', async () => {
    const user = await expectWarehouseError(
      checkDestination({ ...localConfig(), user: 'maya_no_such_role' }, LOCAL),
      'engine_error',
    );
    expect(user.message).toMatch(
      /^PostgreSQL did not (let user "maya_no_such_role" in|accept the password of user "maya_no_such_role")/,
    );
    const db = await expectWarehouseError(
      checkDestination({ ...localConfig(), database: 'maya_no_such_db' }, LOCAL),
      'engine_error',
    );
    expect(db.message).toBe(`Database "maya_no_such_db" does not exist on ${localConfig().host}.`);
  });

  it('says when the host cannot be found, nothing listens, or nothing answers in time', async () => {
    const unknown = await expectWarehouseError(
      checkDestination({ ...localConfig(), host: 'maya-no-such-host.invalid' }, LOCAL),
      'engine_error',
    );
    expect(unknown.message).toBe('Host "maya-no-such-host.invalid" could not be found.');
    const closedPort = await expectWarehouseError(
      checkDestination({ ...localConfig(), host: '127.0.0.1', port: 1 }, LOCAL),
      'engine_error',
    );
    expect(closedPort.message).toBe('PostgreSQL at 127.0.0.1:1 refused the connection.');
    const hanging = await expectWarehouseError(
      checkDestination(
        { ...localConfig(), host: '127.0.0.1', port: silentPort },
        { ...LOCAL, timeoutMs: 300 },
      ),
      'query_timeout',
    );
    expect(hanging.message).toBe(`PostgreSQL at 127.0.0.1:${silentPort} did not answer within 300 ms.`);
  });
});
