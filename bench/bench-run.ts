// What the issue 31 benches share around their measure: the built app started (and always
// stopped, its output shown on failure), the results file, the exit code.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp, startApp, type RunningApp } from '@maya/e2e/app-process';

/**
 * Builds what is stale and starts the app: the production build behind a "load balancer"
 * (TRUST_PROXY=1: each simulated user's address in X-Forwarded-For), or `env` over it.
 */
export async function startBenchApp(label: string, env: Record<string, string> = {}): Promise<RunningApp> {
  await buildApp();
  return startApp({
    label,
    env: {
      NODE_ENV: 'production',
      SECRET_KEY: randomBytes(36).toString('base64url'),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      // A profile of the server, say (`--cpu-prof --cpu-prof-dir=…`), not of the bench itself.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS === undefined
        ? {}
        : { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }),
      ...env,
    },
  });
}

/**
 * Runs a bench: `work` starts its app through `use` and answers whether the run was clean; the
 * app is stopped whatever happens, and the process exits 1 when the run failed or the app did
 * not stop cleanly.
 */
export async function runBench(
  work: (use: (app: RunningApp) => RunningApp) => Promise<boolean>,
  cleanup: () => Promise<void> = async () => undefined,
): Promise<never> {
  let app: RunningApp | null = null;
  let failed: boolean;
  try {
    failed = !(await work((started) => (app = started)));
  } catch (error) {
    failed = true;
    console.error(error);
    if (app) console.error((app as RunningApp).describeOutput());
  } finally {
    await (app as RunningApp | null)?.stop().catch((error: unknown) => {
      failed = true;
      console.error(error);
    });
    await cleanup();
  }
  process.exit(failed ? 1 : 0);
}

/** `value`, or a clear failure naming what was missing. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** Writes `bench/results/<name>.json` (gitignored). */
export async function writeResults(name: string, results: unknown): Promise<void> {
  await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  await writeFile(path.join(import.meta.dirname, `results/${name}.json`), JSON.stringify(results, null, 2));
}
