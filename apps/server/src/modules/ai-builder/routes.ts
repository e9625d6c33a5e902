import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  GenerateBookmarkRequestSchema,
  GenerateBookmarkResponseSchema,
  ReportSlugParamsSchema,
  ValidationErrorResponseSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { AiBuilderService } from './service';

/** spec 002 §7 Generate bookmark (reportSlug, prompt). */
export async function aiBuilderRoutes(app: FastifyInstance, aiBuilder: AiBuilderService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/reports/:slug/generate-bookmark',
    {
      config: { guard: 'organization' },
      schema: {
        tags: ['reports'],
        summary:
          "A bookmark of the report from a prompt (AI Builder): the language model's when LLM_BASE_URL is set, else the built-in parser's; 404 workspace_not_setup before the first load, 422 invalid_prompt, 502 generator_unavailable",
        params: ReportSlugParamsSchema,
        body: GenerateBookmarkRequestSchema,
        response: {
          200: GenerateBookmarkResponseSchema,
          ...errorResponses(401, 403, 404, 429),
          422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
          502: ErrorResponseSchema,
          504: ErrorResponseSchema,
        },
      },
    },
    async (request) => aiBuilder.generate(organizationOf(request), request.params.slug, request.body.prompt),
  );
}
