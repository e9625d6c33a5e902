import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './http';

/**
 * Every API route declares who may call it (DESIGN.md style 4) in `config.guard`; the app
 * refuses to build with a route that does not. The auth issue adds 'user' and 'organization'.
 */
export type Guard = 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
  }
}

const UNGUARDED_PREFIXES = [`${API_PREFIX}/docs`];

export function requireRouteGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith(API_PREFIX) || UNGUARDED_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const guard = route.config?.guard;
    if (!guard) throw new Error(`route ${String(route.method)} ${url} declares no guard (config.guard)`);
  });
}
