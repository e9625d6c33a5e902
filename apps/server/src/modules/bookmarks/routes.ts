import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookmarkIdParamsSchema,
  BookmarkListQuerySchema,
  BookmarkListResponseSchema,
  BookmarkSchema,
  CreateBookmarksRequestSchema,
  CreateBookmarksResponseSchema,
  DeleteBookmarkQuerySchema,
  DeleteBookmarkResponseSchema,
  ErrorResponseSchema,
  UpdateBookmarkRequestSchema,
  ValidationErrorResponseSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/guards';
import { BODY_LIMITS, errorResponses } from '../../platform/http';
import type { Caller } from './rules';
import type { BookmarksService } from './service';

const tags = ['bookmarks'];

/**
 * 422 is either the request's validation list or a business refusal (`{detail: {type}}`): an
 * invalid report state, a category with a state, a parent that is not a category.
 */
const errors = (...statuses: (401 | 403 | 404 | 409)[]) => ({
  ...errorResponses(...statuses),
  422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
});

const callerOf = (request: FastifyRequest): Caller => ({
  access: organizationOf(request),
  auth: authOf(request),
});

/** spec 002 §7 Embed and bookmarks: get, batch create, update and delete a report's bookmarks. */
export async function bookmarksRoutes(app: FastifyInstance, bookmarks: BookmarksService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/bookmarks',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          "A report's bookmarks the caller sees, its navigation menu, and the demo organization's bookmarks of the same report; settings may list every report's",
        querystring: BookmarkListQuerySchema,
        response: { 200: BookmarkListResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) =>
      bookmarks.list(callerOf(request), request.query.report_slug ?? null, request.query.scope),
  );

  api.post(
    '/bookmarks',
    {
      config: { guard: 'organization' },
      bodyLimit: BODY_LIMITS.bookmarkBatch, // up to 50 bookmarks, each with its encoded state
      schema: {
        tags,
        summary:
          'Saves bookmarks of a report (a category may bring its children): all of them, or none when one is refused',
        body: CreateBookmarksRequestSchema,
        response: { 201: CreateBookmarksResponseSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await bookmarks.create(
        callerOf(request),
        request.body.report_slug,
        request.body.bookmarks,
      );
      return reply.status(201).send({ success: true as const, bookmarks: created });
    },
  );

  api.patch(
    '/bookmarks/:id',
    {
      config: { guard: 'organization' },
      bodyLimit: BODY_LIMITS.reportState, // a refreshed encoded state
      schema: {
        tags,
        summary:
          "Renames a bookmark, refreshes its state, changes its visibility, order or menu place, or makes it the caller's default",
        params: BookmarkIdParamsSchema,
        body: UpdateBookmarkRequestSchema,
        response: { 200: BookmarkSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) =>
      bookmarks.update(callerOf(request), request.body.report_slug, request.params.id, request.body.bookmark),
  );

  api.delete(
    '/bookmarks/:id',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "Deletes a bookmark (a category with its bookmarks); its creator's or an admin's",
        params: BookmarkIdParamsSchema,
        querystring: DeleteBookmarkQuerySchema,
        response: { 200: DeleteBookmarkResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await bookmarks.remove(callerOf(request), request.query.report_slug, request.params.id);
      return { success: true as const };
    },
  );
}
