import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';

/** Process plumbing shared by the `main` and `worker` entry points. */
export function readConfig(env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * A last resort: an orderly shutdown (running jobs aborted, requests drained for 2 s, the job
 * queue and the database closed) takes a few seconds.
 */
const FORCED_EXIT_MS = 10_000;

/**
 * Signal handling, installed before anything starts: a SIGINT or SIGTERM during start-up waits
 * for the app to finish building (so the embedded PostgreSQL it started is stopped too) and then
 * shuts down in order; a second signal exits at once.
 */
export function handleSignals() {
  const say = (message: string) => process.stderr.write(`${message}\n`);
  let app: FastifyInstance | null = null;
  let stopping = false;
  const stop = () => {
    if (!app) return;
    const running = app;
    const force = setTimeout(() => {
      running.log.error(`shutdown took longer than ${FORCED_EXIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, FORCED_EXIT_MS);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        running.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    say(app ? `${signal}: shutting down` : `${signal}: stopping as soon as start-up completes`);
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    /** The app is built: stop it now if a signal already came. */
    attach(built: FastifyInstance) {
      app = built;
      if (stopping) stop();
    },
    get stopping() {
      return stopping;
    },
  };
}
