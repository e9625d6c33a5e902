import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME, unreachable } from '@maya/contracts';
import type { Config } from './config';
import { API_PREFIX } from './http';

/**
 * What an outside developer generates a client from (`apps/server/openapi.json`, `/api/docs`):
 * every operation gets an operationId, a summary and the security scheme its guard asks for,
 * and what is not the product's API (the sandbox providers) is left out. `redocly lint`
 * (recommended rules) passes on the result; a test checks it.
 */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A signed-in session: the access token of /api/auth/login or /api/auth/refresh_token.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'mk_…',
    description:
      "An organization's API key (Settings → Developers → API key) as `Authorization: Bearer mk_…`: the organization routes of its own organization only; a read-only key only reads.",
  },
  notificationToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'nt_…',
    description:
      "An organization's notification token (Settings → Developers → Notification token) as `Authorization: Bearer nt_…`: POST /api/notifications only.",
  },
  embedToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'embed token',
    description:
      'The signed, short-lived embed token of an embedded report. The /api/embed/{token} routes take it as their `{token}` path segment; nothing else is needed.',
  },
} as const;

type Security = Record<string, string[]>[];
type Described = FastifySchema & {
  hide?: boolean;
  operationId?: string;
  summary?: string;
  security?: Security;
};

const VERBS: Record<string, string> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Put',
  PATCH: 'Update',
  DELETE: 'Delete',
};

const methodOf = (route: RouteOptions) => String([route.method].flat()[0] ?? 'GET').toUpperCase();
const segmentsOf = (url: string) =>
  url
    .slice(API_PREFIX.length)
    .split('/')
    .filter((segment) => segment !== '');

/** `GET /api/organizations/:id/api-keys` → `getOrganizationsByIdApiKeys`: unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = segmentsOf(url).flatMap((segment) => {
    const parameter = segment.startsWith(':') || segment.startsWith('{');
    const name = segment.replace(/^[:{]|}$/g, '');
    const parts = name.split(/[^A-Za-z0-9]+/).filter((part) => part !== '');
    return parameter ? ['by', ...parts] : parts;
  });
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/** A route without a summary of its own: its method and path in words (`Get organizations {id} users`). */
function summaryOf(method: string, url: string): string {
  const words = segmentsOf(url).map((segment) =>
    segment.startsWith(':') ? `{${segment.slice(1)}}` : segment,
  );
  return `${VERBS[method] ?? method} ${words.join(' ').replaceAll(/[-_]/g, ' ')}`.trim();
}

/** Who may call it, from the route's guard (platform/guards.ts). */
function securityOf(route: RouteOptions, url: string): Security {
  if (url.startsWith(`${API_PREFIX}/embed/`)) return [{ embedToken: [] }];
  const guard = route.config?.guard;
  switch (guard) {
    case 'organization':
    case 'dataset':
      return [{ bearer: [] }, { apiKey: [] }];
    case 'user':
      return [{ bearer: [] }];
    case 'public':
    case undefined:
      return [];
    default:
      return unreachable(guard);
  }
}

export const describeOperations: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input) as { schema: Described; url: string };
  if (!input.url.startsWith(API_PREFIX)) return { schema: { ...schema, hide: true }, url };
  const method = methodOf(input.route);
  return {
    url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      summary: schema.summary ?? summaryOf(method, input.url),
      security: schema.security ?? securityOf(input.route, input.url),
    },
  };
};

/** OpenAPI 3.1 from the routes' zod schemas (DESIGN.md style 1), served at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: config.version,
        description:
          'The API of the web app. Organization routes take a session token or an API key of that organization; ' +
          'POST /api/notifications takes the notification token.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: config.appUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeOperations,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
}
