import { existsSync } from 'node:fs';
import path from 'node:path';
import staticFiles from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PRERENDERED_PAGES,
  PRODUCT_NAME,
  SESSION_HINT_COOKIE,
  USER_ID_COOKIE,
  type PublicConfig,
} from '@maya/contracts';
import type { Config } from './config';
import { sendRouteNotFound } from './errors';
import { API_PREFIX } from './http';
import { webDistFolder } from './paths';

/**
 * Serves the SPA's production build at `/` with a fallback to index.html for client routes,
 * and `/data/config.json`, the public settings the SPA reads before its first API call.
 */
export function publicConfig(config: Config): PublicConfig {
  return {
    apiBaseUrl: API_PREFIX,
    productName: PRODUCT_NAME,
    environment: config.env,
    version: config.version,
    tagManagerId: null,
    tracking: null,
    documentationUrl: `${config.appUrl}/docs`,
    privacyPolicyUrl: `${config.appUrl}/legal/privacy`,
    termsOfServiceUrl: `${config.appUrl}/legal/terms`,
  };
}

/**
 * The HTML of a client route: the page the build drew for its address (decision 815) to a
 * browser with no sign of a session (the cookies the SPA's `mayHaveSession` reads), whose first
 * render draws that page; `index.html` otherwise, as for every other route.
 */
function pageFile(
  request: FastifyRequest,
  prerendered: ReadonlyMap<string, string>,
): { file: string; byCookie: boolean } {
  const drawn = prerendered.get(request.url.split('?', 1)[0] ?? '');
  if (drawn === undefined) return { file: 'index.html', byCookie: false };
  const cookies = request.cookies;
  const maySignedIn = Boolean(cookies[SESSION_HINT_COOKIE]) || Boolean(cookies[USER_ID_COOKIE]);
  return { file: maySignedIn ? 'index.html' : drawn, byCookie: true };
}

export async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const body = publicConfig(config);
  app.get('/data/config.json', { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').send(body);
  });

  const dist = config.serveWeb ? webDistFolder() : null;
  if (dist) {
    await app.register(staticFiles, {
      root: dist,
      wildcard: false,
      // The build's .br and .gz twins, whichever the browser accepts (Content-Encoding, Vary).
      preCompressed: true,
      // Hashed assets are immutable; index.html must always be revalidated.
      setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) => {
        reply.header(
          'cache-control',
          file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else if (config.serveWeb) {
    app.log.warn('apps/web/dist not found: run `npm run build` to serve the web app');
  }

  // A build from before a page was prerendered has only index.html.
  const prerendered = new Map(
    Object.entries(PRERENDERED_PAGES).filter(
      ([, file]) => dist !== null && existsSync(path.join(dist, file)),
    ),
  );
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      dist &&
      request.method === 'GET' &&
      !request.url.startsWith(`${API_PREFIX}/`) &&
      request.url !== API_PREFIX;
    if (isPage && (request.headers.accept ?? '').includes('text/html')) {
      const { file, byCookie } = pageFile(request, prerendered);
      // The answer at a prerendered address depends on the cookies: no cache may give one for the other.
      if (byCookie) reply.header('vary', 'cookie');
      return reply.header('cache-control', 'no-cache').sendFile(file, dist);
    }
    return reply.status(404).send(sendRouteNotFound(request.method, request.url));
  });
}
