import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { buildApp, startApp } from './app-process.mjs';
import { assertChromiumInstalled } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app under test answers, e.g. `http://localhost:41234` (no trailing slash). */
    baseUrl: string;
    /** The app's DATA_DIR (its embedded PostgreSQL and secret key): for `makeStaff`. */
    dataDir: string;
  }
}

/**
 * Once per `npm run test:e2e`: build what is stale, start the built app (the same bundle
 * `npm start` runs) on a free port with an empty DATA_DIR, and hand its URL to the specs. The
 * returned teardown stops it and fails the run if anything of it is left behind.
 *
 * E2E_NODE_ENV runs the app in another mode (default development, as `npm start`); production
 * gets a random SECRET_KEY.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  await buildApp();
  const nodeEnv = process.env.E2E_NODE_ENV ?? 'development';
  const app = await startApp({
    label: 'maya-e2e',
    env: {
      NODE_ENV: nodeEnv,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every journey signs up and signs in from this one address: the per-address guards would
      // refuse the tenth sign-up and the thirty-first sign-in.
      SIGNUP_LIMIT_PER_HOUR: '1000',
      SIGN_IN_LIMIT_PER_ADDRESS: '1000',
      // First loads of the last 120 days, not the plan's two years: the journeys read the last
      // weeks, and ten of them load an account (the two years' backfills ran on behind the next
      // journeys, on a two-core machine). Two years of history are the server tests' subject
      // (first-load, history-years); production refuses the setting.
      ...(nodeEnv === 'production' ? {} : { FIRST_LOAD_MAX_DAYS: '120' }),
      ...(nodeEnv === 'production' ? { SECRET_KEY: randomBytes(36).toString('base64url') } : {}),
    },
  });
  if (process.env.E2E_APP_LOG) {
    const { appendFileSync } = await import('node:fs');
    const file = process.env.E2E_APP_LOG;
    app.onLine((stream: string, line: string) =>
      appendFileSync(file, `${new Date().toISOString()} ${stream} ${line}\n`),
    );
  }
  project.provide('baseUrl', app.url.replace(/\/$/, ''));
  project.provide('dataDir', app.dataDir);
  return () => app.stop();
}
