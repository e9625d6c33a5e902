import type { PublicConfig } from '@maya/contracts';
import { ApiError, NETWORK_ERROR } from './ApiError';
import { answerSchemas } from './schemas';

/** Served by the API server (proxied by Vite in development). */
export const CONFIG_URL = '/data/config.json';

export type ConfigLoader = () => Promise<PublicConfig>;

/**
 * A loader that fetches the runtime configuration once and shares the promise. A failed load is
 * not cached, so the next call tries again.
 */
export function createConfigLoader(fetchFn: typeof fetch): ConfigLoader {
  let cached: Promise<PublicConfig> | null = null;
  return () => {
    cached ??= fetchConfig(fetchFn).catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached;
  };
}

async function fetchConfig(fetchFn: typeof fetch): Promise<PublicConfig> {
  // The schema's code is fetched while the configuration is.
  const schemas = answerSchemas();
  schemas.catch(() => {});
  let response: Response;
  try {
    response = await fetchFn(CONFIG_URL, { headers: { Accept: 'application/json' } });
  } catch (cause) {
    throw new ApiError({ status: 0, type: NETWORK_ERROR, cause });
  }
  if (!response.ok) throw new ApiError({ status: response.status, type: 'config_unavailable' });
  const body: unknown = await response.json().catch(() => null);
  const parsed = (await schemas).PublicConfigSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, type: 'invalid_response', cause: parsed.error });
  }
  return parsed.data;
}

/** The app's configuration loader (reads the global fetch at call time, so tests can stub it). */
export const loadPublicConfig: ConfigLoader = createConfigLoader((input, init) =>
  globalThis.fetch(input, init),
);
