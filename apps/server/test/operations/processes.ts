// The app as an operator runs it: real child processes (`npm start`'s main, `npm run worker`, the
// backup and restore commands) from the server's sources, each with its own environment. Tests
// wait on what the processes say or do (their ready line, their exit, the database), never on time.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/accounts';

export { until } from '../support/until';

export const REPO = path.resolve(import.meta.dirname, '../../../..');

const TAIL = 60;

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  /** The API's address (`http://127.0.0.1:port`); '' for a worker. */
  base: string;
  pid: number;
  exited: Promise<Exit>;
  /** The last lines it wrote, for a failure's message. */
  output(): string;
  /** Sends `signal` and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
};

/** A fresh data folder the embedded PostgreSQL (run as `postgres` when we are root) can enter. */
export async function dataFolder(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `maya-${label}-`));
  await chmod(dir, 0o755);
  return dir;
}

/**
 * An account's first load of 120 days, not the plan's two years: for the tests whose subject is
 * the processes (a kill, a backup, two workers), where the loads' length changes nothing.
 */
export const SHORT_HISTORY = { FIRST_LOAD_MAX_DAYS: '120' };

/** The variables every process of a test gets; a test adds DATA_DIR, DATABASE_URL and the like. */
export function baseEnv(extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    RUN_SCHEDULES: 'false',
    SERVE_WEB: 'false',
    ...extra,
  };
}

function spawnSource(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', `apps/server/src/${entry}.ts`, ...args], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function capture(child: ChildProcess, onLine: (line: string) => void) {
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > TAIL) lines.shift();
        onLine(line);
      }
    });
  }
  return () => lines.join('\n');
}

/**
 * Starts `main` (the API, and the in-process worker unless RUN_WORKER=false) on a free port, or
 * `worker`, and resolves once it says it is ready: main's "Maya is running at", the worker's
 * "worker running" log line. Rejects with its output if it exits first.
 */
export async function startServer(
  kind: 'main' | 'worker',
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = kind === 'main' ? await freePort() : 0;
  const base = kind === 'main' ? `http://127.0.0.1:${port}` : '';
  const child = spawnSource(kind, [], {
    ...(kind === 'main' ? { PORT: String(port), APP_URL: base } : {}),
    ...env,
  });
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const output = capture(child, (line) => {
    if (line.includes('Maya is running at') || line.includes('"msg":"worker running"')) ready();
  });
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = await Promise.race([isReady.then(() => true), exited.then(() => false)]);
  if (!started) throw new Error(`${kind} exited while starting:\n${output()}`);
  return {
    base,
    pid: child.pid ?? 0,
    exited,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the backup or restore command to its end: its exit code and what it wrote. */
export async function runCommand(
  entry: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnSource(entry, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

/** The processes (PostgreSQL's included) whose command line names something under `dataDir`. */
export function processesUsing(dataDir: string): string[] {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(dataDir));
}

/** Whether any process of the group `pgid` lives (the detached postmaster's: it and its backends). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
