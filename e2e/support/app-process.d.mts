// Types of app-process.mjs (plain ESM so that the benchmarks can import it without a TypeScript step).

/** The repository root (where `npm start` runs). */
export declare const REPO_ROOT: string;

/** The V8 flags the server runs with, as package.json's `start` and `worker` scripts give them. */
export declare const SERVER_NODE_FLAGS: string[];

/** A started app; `stop()` is idempotent. */
export type RunningApp = {
  /** The URL the app printed in its "Maya is running at" line (`http://localhost:<port>`). */
  url: string;
  port: number;
  /** The fresh, empty DATA_DIR created for this run; `stop()` removes it. */
  dataDir: string;
  pid: number | undefined;
  /** Settles when the app's process has exited and its output is read to the end. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines the app wrote to stderr and stdout. */
  describeOutput(): string;
  /** Calls `listener` with each line the app writes from now on (stdout or stderr). */
  onLine(listener: (stream: 'stdout' | 'stderr', line: string) => void): void;
  /**
   * SIGTERM, wait for the exit (SIGKILL after 30 s), check that no process of this DATA_DIR is
   * left (the embedded PostgreSQL), remove DATA_DIR. Rejects, after cleaning up, if the app had to
   * be killed or anything was left running.
   */
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Extra environment for the app (NODE_ENV defaults to development, LOG_LEVEL to warn); PORT and DATA_DIR are always set. */
  env?: Record<string, string>;
  /** Prefix of the temporary DATA_DIR's name. */
  label?: string;
};

export declare function buildApp(): Promise<void>;
export declare function freePort(): Promise<number>;
export declare function startApp(options?: StartOptions): Promise<RunningApp>;
/** Live processes that name `dir` on their command line (the embedded PostgreSQL), and their children. */
export declare function processesUsing(
  dir: string,
): Promise<{ pid: number; ppid: number; stat: string; args: string }[]>;
