import type { ComponentStatus, HealthResponse } from '@maya/contracts';
import type { Platform } from '../../platform/platform';

/**
 * Health is probed at most once per second per process and shared by concurrent callers:
 * load balancers poll it hard, and it must not become the database's busiest query.
 */
const MAX_AGE_MS = 1_000;

export type HealthService = { check(): Promise<HealthResponse> };

export function createHealthService(platform: Pick<Platform, 'database' | 'jobs' | 'config'>): HealthService {
  const startedAt = Date.now();
  let cached: { at: number; value: HealthResponse } | null = null;
  let inFlight: Promise<HealthResponse> | null = null;

  async function probe(): Promise<HealthResponse> {
    const [database, jobs] = await Promise.all([
      measure(() => platform.database.ping()),
      measure(() => platform.jobs.ping()),
    ]);
    const value: HealthResponse = {
      status: database.status === 'up' && jobs.status === 'up' ? 'ok' : 'degraded',
      version: platform.config.version,
      uptime_s: Math.round((Date.now() - startedAt) / 1000),
      checked_at: new Date().toISOString(),
      database,
      jobs,
    };
    cached = { at: Date.now(), value };
    return value;
  }

  return {
    async check() {
      if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.value;
      inFlight ??= probe().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

async function measure(ping: () => Promise<number>): Promise<ComponentStatus> {
  try {
    const latency = await withTimeout(ping(), 2_000);
    return { status: 'up', latency_ms: Math.round(latency * 100) / 100, error: null };
  } catch (error) {
    return {
      status: 'down',
      latency_ms: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
