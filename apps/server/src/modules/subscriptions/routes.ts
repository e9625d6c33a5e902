import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LinkSubscriptionRequestSchema,
  LinkSubscriptionResponseSchema,
  MonaCreateRequestSchema,
  MonaCreateResponseSchema,
  SubscriptionCheckResponseSchema,
  SubscriptionExistsResponseSchema,
  SubscriptionSchema,
} from '@maya/contracts';
import type { Config } from '../../platform/config';
import { errorResponses } from '../../platform/http';
import { authOf, organizationOf } from '../../platform/guards';
import { limitedAddress, type RateLimiter } from '../../platform/ratelimit/limiter';
import { ensureBrowser, setRefreshCookie } from '../auth';
import type { SubscriptionsService } from './service';

const tags = ['subscriptions'];
/** A marketplace subscription id (a GUID at Microsoft). */
const SubscriptionIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

export async function subscriptionsRoutes(
  app: FastifyInstance,
  d: { config: Config; rateLimiter: RateLimiter; subscriptions: SubscriptionsService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/subscriptions/mona/create',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        body: MonaCreateRequestSchema,
        response: { 200: MonaCreateResponseSchema, ...errorResponses(400, 404, 429, 502) },
      },
    },
    async (request, reply) => {
      await d.rateLimiter.check([
        { key: `mona:ip:${limitedAddress(request.ip)}`, max: 30, windowSeconds: 900 },
      ]);
      const created = await d.subscriptions.create(request.body.code, request.body.state, {
        ip: limitedAddress(request.ip),
        userAgent: request.headers['user-agent'] ?? '',
        browserHash: ensureBrowser(request, reply, d.config),
      });
      setRefreshCookie(reply, d.config, created.refreshToken);
      return { success: true, data: { sub_id: created.subscriptionId, ...created.token } };
    },
  );

  api.get(
    '/user/subscriptions/check',
    {
      config: { guard: 'user' },
      schema: { tags, response: { 200: SubscriptionCheckResponseSchema, ...errorResponses(401) } },
    },
    async (request) => d.subscriptions.check(authOf(request).userId),
  );

  api.get(
    '/subscriptions/mona/check/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        params: SubscriptionIdParamsSchema,
        response: { 200: SubscriptionExistsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ exists: await d.subscriptions.exists(authOf(request).userId, request.params.id) }),
  );

  api.get(
    '/subscriptions/mona/details/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        params: SubscriptionIdParamsSchema,
        response: { 200: SubscriptionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => d.subscriptions.details(authOf(request).userId, request.params.id),
  );

  api.post(
    '/subscriptions/mona/link/:id',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        params: SubscriptionIdParamsSchema,
        body: LinkSubscriptionRequestSchema,
        response: { 200: LinkSubscriptionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await d.subscriptions.link(authOf(request).userId, organizationOf(request), request.params.id);
      return { success: true };
    },
  );
}
