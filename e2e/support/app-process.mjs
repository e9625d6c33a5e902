// Runs the built app as a child process, exactly as `npm start` does, on a free port with a fresh
// DATA_DIR, and stops it in order. Shared by the e2e global setup and the benchmarks (plain ESM so
// that `node bench/*.mjs` can import it; its types are in app-process.d.mts). Both must leave no
// process and no directory behind, so `stop()` checks for survivors and says so loudly.
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const READY_LINE = /Maya is running at (https?:\/\/\S+)/;
const START_TIMEOUT_MS = 90_000;
const HEALTH_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 30_000;
const TAIL_LINES = 80;
/**
 * The app's own configuration (apps/server/src/platform/config.ts) is never inherited from the
 * caller's shell: a DATABASE_URL or HOST there would make the run share state or listen elsewhere.
 */
const APP_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_APP_ROLE',
  'DATABASE_POOL_SIZE',
  'EMBEDDED_POSTGRES_PORT',
  'APP_URL',
  'SECRET_KEY',
  'LOG_LEVEL',
  'RUN_WORKER',
  'SERVE_WEB',
];

/**
 * The server's V8 flags, as package.json's `start` and `worker` scripts give them: a young
 * generation of 8 MB semi-spaces instead of V8's default for this machine's memory, which held
 * about 115 MB of the idle process's garbage (decision 710, bench/README.md "CSV upload").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

const execFileAsync = promisify(execFile);

/** `node scripts/build.mjs --if-stale`: builds the SPA and bundles the server when their sources changed. */
export async function buildApp() {
  const { code, output } = await run(process.execPath, ['scripts/build.mjs', '--if-stale']);
  if (code !== 0) {
    throw new Error(`The build failed (scripts/build.mjs --if-stale, exit ${code}):\n${output}`);
  }
}

/** A port that was free a moment ago: bind port 0, read it, close. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts apps/server/dist/main.js and resolves once it printed its "is running at" line and
 * /api/health answers 200. On any failure it stops what it started and rejects with the app's output.
 */
export async function startApp({ env = {}, label = 'maya' } = {}) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${label}-`));
  // As root the embedded PostgreSQL runs as the `postgres` user, which must be able to enter it.
  await chmod(dataDir, 0o755);

  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !APP_VARIABLES.includes(name)),
  );
  const main = path.join(REPO_ROOT, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches only the caller, which then stops
    // the app with one SIGTERM (a second signal would make the app skip its orderly shutdown).
    detached: true,
  });
  const output = captureOutput(child);
  // 'close': exited, and its output read to the end.
  const exited = new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  // Last resort if the caller dies without stopping us: the app then shuts itself down in order.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);

  let stopping = null;
  const shutDown = () => (stopping ??= stopApp({ child, dataDir, stopOnExit }));
  const stop = async () => {
    const problems = await shutDown();
    if (problems.length > 0) {
      throw new Error(
        `The app did not stop cleanly (DATA_DIR ${dataDir}):${bullets(problems)}\n${output.describe()}`,
      );
    }
  };

  try {
    const url = await waitForReadyLine(child, output);
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
    return {
      url,
      port,
      dataDir,
      pid: child.pid,
      exited,
      describeOutput: output.describe,
      onLine: output.onLine,
      stop,
    };
  } catch (error) {
    const problems = await shutDown().catch((stopError) => [`stopping it failed: ${String(stopError)}`]);
    const cleanup = problems.length > 0 ? `\nStopping what had started:${bullets(problems)}` : '';
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}${cleanup}\n${output.describe()}`, { cause: error });
  }
}

function captureOutput(child) {
  const tails = { stdout: [], stderr: [] };
  const listeners = [];
  for (const stream of ['stdout', 'stderr']) {
    let partial = '';
    child[stream].setEncoding('utf8').on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        tails[stream].push(line);
        if (tails[stream].length > TAIL_LINES) tails[stream].shift();
        for (const listener of listeners) listener(stream, line);
      }
    });
  }
  return {
    onLine: (listener) => listeners.push(listener),
    describe: () =>
      `--- app stderr (last ${TAIL_LINES} lines) ---\n${tails.stderr.join('\n') || '(empty)'}\n` +
      `--- app stdout (last ${TAIL_LINES} lines) ---\n${tails.stdout.join('\n') || '(empty)'}`,
  };
}

function waitForReadyLine(child, output) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The app did not print "Maya is running at" within ${START_TIMEOUT_MS / 1000} s.`));
    }, START_TIMEOUT_MS);
    // 'close', not 'exit': by then its stderr is read to the end, and the error shows all of it.
    const onExit = (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The app exited while starting (code ${code}, signal ${signal}).`));
    };
    child.once('close', onExit);
    output.onLine((stream, line) => {
      const match = stream === 'stdout' ? READY_LINE.exec(line) : null;
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.off('close', onExit);
      resolve(match[1]);
    });
  });
}

async function waitForHealth(healthUrl, child) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error('The app exited before it was healthy.');
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await sleep(250);
  }
  throw new Error(`GET ${healthUrl} did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s; last: ${last}`);
}

/** Stops the app and whatever it left running, removes DATA_DIR; answers what went wrong on the way. */
async function stopApp({ child, dataDir, stopOnExit }) {
  process.off('exit', stopOnExit);
  const problems = [];
  if (child.exitCode === null && child.signalCode === null) {
    // 'close': exited, and its output read to the end (for the report below).
    const closed = new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
    child.kill('SIGTERM');
    let timer;
    const timedOut = new Promise((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS, null)));
    const exit = await Promise.race([closed, timedOut]);
    clearTimeout(timer);
    if (exit === null) {
      problems.push(
        `the app (pid ${child.pid}) did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: killed`,
      );
      child.kill('SIGKILL');
      await closed;
    } else if (exit.code !== 0) {
      // An orderly shutdown (worker, HTTP, database) ends with process.exit(0).
      problems.push(`the app answered SIGTERM with exit code ${exit.code} (signal ${exit.signal}), not 0`);
    }
  }

  // The embedded PostgreSQL is detached into its own process group, so it survives a killed app:
  // its postmaster names DATA_DIR on its command line, and its backends are that postmaster's children.
  const survivors = await processesUsing(dataDir);
  if (survivors.length > 0) {
    problems.push(
      `processes left running after the app stopped:\n${survivors.map((p) => `  ${p.pid} ${p.args}`).join('\n')}`,
    );
    await stopProcessesUsing(dataDir);
  }

  await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  return problems;
}

function bullets(lines) {
  return lines.map((line) => `\n- ${line}`).join('');
}

/** Live processes that name `dir` on their command line, and their children. */
export async function processesUsing(dir) {
  const { stdout } = await execFileAsync('ps', ['-eo', 'pid=,ppid=,stat=,args=']);
  const all = stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, pid, ppid, stat, args]) => ({ pid: Number(pid), ppid: Number(ppid), stat, args }))
    .filter((p) => p.pid !== process.pid && !p.stat.startsWith('Z'));
  const owners = new Set(all.filter((p) => p.args.includes(dir)).map((p) => p.pid));
  return all.filter((p) => owners.has(p.pid) || owners.has(p.ppid));
}

/** SIGINT (PostgreSQL's fast shutdown), then SIGKILL for whatever still runs 10 s later. */
async function stopProcessesUsing(dir) {
  for (const { pid } of await processesUsing(dir)) signalQuietly(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000; waited += 250) {
    if ((await processesUsing(dir)).length === 0) return;
    await sleep(250);
  }
  for (const { pid } of await processesUsing(dir)) signalQuietly(pid, 'SIGKILL');
  await sleep(500);
}

function signalQuietly(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
