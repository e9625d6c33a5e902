import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OAuthAuthorizeQuerySchema,
  OAuthCallbackQuerySchema,
  OAuthClientInformationSchema,
  OAuthClientRegistrationSchema,
  OAuthErrorSchema,
  OAuthTokenRequestSchema,
  OAuthTokenResponseSchema,
} from '@maya/contracts';
import { errorResponses } from '../../platform/http';
import { limitedAddress, type RateLimiter } from '../../platform/ratelimit/limiter';
import { OAuthError, type OAuthService } from './oauth';

const FORM_LIMIT = 16_384;

/** Runs the route's work; an OAuthError becomes its RFC 6749 answer, anything else stays an error. */
async function answering(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return refuse(reply, error);
  }
}

function refuse(reply: FastifyReply, error: OAuthError) {
  return reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .send({
      detail: { type: error.error, message: error.description },
      error: error.error,
      error_description: error.description,
    });
}

/**
 * The authorization server of the MCP server (the MCP authorization specification: RFC 7591
 * registration, the authorization code grant with PKCE S256, rotating refresh tokens). Public
 * routes: the client is who it registered as, the user is who the selection screens signed in.
 */
/** Registrations and token requests per address (decision 577). */
export const OAUTH_RATE_LIMITS = { registerPerHour: 30, requestsPerMinute: 60 } as const;

export async function oauthRoutes(
  api: FastifyInstance,
  oauth: OAuthService,
  rateLimiter: RateLimiter,
): Promise<void> {
  const perMinute = (route: string, ip: string) =>
    rateLimiter.check([
      {
        key: `oauth:${route}:${limitedAddress(ip)}`,
        max: OAUTH_RATE_LIMITS.requestsPerMinute,
        windowSeconds: 60,
      },
    ]);
  await api.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const oauthErrors = { ...errorResponses(429), 400: OAuthErrorSchema, 401: OAuthErrorSchema };

    app.post(
      '/oauth/register',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['assistant-auth'],
          summary: 'Register an MCP client (RFC 7591 dynamic client registration)',
          body: OAuthClientRegistrationSchema,
          response: { 201: OAuthClientInformationSchema, ...oauthErrors },
        },
      },
      async (request, reply) => {
        await rateLimiter.check([
          {
            key: `oauth:register:${limitedAddress(request.ip)}`,
            max: OAUTH_RATE_LIMITS.registerPerHour,
            windowSeconds: 3_600,
          },
        ]);
        return answering(reply, async () =>
          reply
            .status(201)
            .header('cache-control', 'no-store')
            .send(await oauth.register(request.body)),
        );
      },
    );

    app.get(
      '/oauth/authorize',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['assistant-auth'],
          summary: 'Start an authorization: on to organization-select and dataset-select (PKCE S256)',
          querystring: OAuthAuthorizeQuerySchema,
          response: oauthErrors,
        },
      },
      async (request, reply) => {
        await perMinute('authorize', request.ip);
        return answering(reply, async () =>
          reply.redirect((await oauth.authorize(request.query)).redirect, 302),
        );
      },
    );

    app.get(
      '/oauth/callback',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['assistant-auth'],
          summary: 'Where dataset-select returns: the assistant gets its authorization code',
          querystring: OAuthCallbackQuerySchema,
          response: oauthErrors,
        },
      },
      async (request, reply) => {
        return answering(reply, async () =>
          reply.redirect((await oauth.callback(request.query)).redirect, 302),
        );
      },
    );

    app.post(
      '/oauth/token',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['assistant-auth'],
          summary: 'Exchange a code (with its PKCE verifier) or rotate a refresh token',
          body: OAuthTokenRequestSchema,
          response: { 200: OAuthTokenResponseSchema, ...oauthErrors },
        },
      },
      async (request, reply) => {
        await perMinute('token', request.ip);
        return answering(reply, async () =>
          reply.header('cache-control', 'no-store').send(await oauth.token(request.body)),
        );
      },
    );
  });
}

/**
 * The discovery documents at the origin's root (RFC 9728 protected-resource metadata, at the root
 * and path-inserted for /api/mcp; RFC 8414 authorization-server metadata).
 */
export async function oauthDiscoveryRoutes(app: FastifyInstance, oauth: OAuthService, appUrl: string) {
  const resourceMetadata = {
    resource: oauth.resource,
    authorization_servers: [appUrl],
    bearer_methods_supported: ['header'],
    scopes_supported: ['dataset'],
    resource_name: 'Maya analytics MCP server',
  };
  const serverMetadata = {
    issuer: appUrl,
    authorization_endpoint: `${appUrl}/api/oauth/authorize`,
    token_endpoint: `${appUrl}/api/oauth/token`,
    registration_endpoint: `${appUrl}/api/oauth/register`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ['dataset'],
    authorization_response_iss_parameter_supported: true,
  };
  const hidden = { schema: { hide: true } };
  for (const path of [
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/api/mcp',
  ])
    app.get(path, hidden, async () => resourceMetadata);
  app.get('/.well-known/oauth-authorization-server', hidden, async () => serverMetadata);
}
