import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PagespeedQuerySchema,
  PagespeedTopUrlsResponseSchema,
  PagespeedUrlsResponseSchema,
  RunPagespeedRequestSchema,
  RunPagespeedResponseSchema,
  SavePagespeedUrlsRequestSchema,
  ValidationErrorResponseSchema,
} from '@maya/contracts';
import { organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { PagespeedService } from './service';

const tags = ['pagespeed'];
const guard = { guard: 'organization' as const };

/** spec 001 §7 PageSpeed: GET/PUT /pagespeed_urls; GET /pagespeed_urls/top; and POST /pagespeed_urls/run. */
export async function pagespeedRoutes(app: FastifyInstance, service: PagespeedService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/pagespeed_urls',
    {
      config: guard,
      schema: {
        tags,
        summary: "The organization's PageSpeed URLs in order, and its last measurement run",
        querystring: PagespeedQuerySchema,
        response: { 200: PagespeedUrlsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.list(organizationOf(request).organizationId),
  );

  api.put(
    '/pagespeed_urls',
    {
      config: guard,
      schema: {
        tags,
        summary:
          'Replaces the list (at most 250 distinct http(s) URLs; a refused list changes nothing) and queues a run of the new ones',
        body: SavePagespeedUrlsRequestSchema,
        response: {
          200: PagespeedUrlsResponseSchema,
          ...errorResponses(401, 403, 404),
          422: ValidationErrorResponseSchema,
        },
      },
    },
    async (request) => service.save(organizationOf(request), request.body.urls),
  );

  api.post(
    '/pagespeed_urls/run',
    {
      config: guard,
      schema: {
        tags,
        summary:
          'Queues a measurement of every URL now (one at a time per organization; the daily run does the same)',
        body: RunPagespeedRequestSchema,
        response: { 202: RunPagespeedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(202).send(await service.runNow(organizationOf(request))),
  );

  api.get(
    '/pagespeed_urls/top',
    {
      config: guard,
      schema: {
        tags,
        summary:
          "The organization's most clicked pages in organic search (28 days) that the list lacks, and the clicks of each listed page",
        querystring: PagespeedQuerySchema,
        response: { 200: PagespeedTopUrlsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.top(organizationOf(request).organizationId),
  );
}
