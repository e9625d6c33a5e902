import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClusterCategoriesResponseSchema,
  ClusterCategoryParamsSchema,
  ClusterCategoryResponseSchema,
  ClusterColumnParamsSchema,
  ClusterColumnSchema,
  ClusterCoverageRequestSchema,
  ClusterCoverageResponseSchema,
  ClusteringQuerySchema,
  ClusterPreviewRequestSchema,
  ClusterPreviewResponseSchema,
  ClusterPreviewValueRequestSchema,
  ClusterSqlPreviewRequestSchema,
  ClusterSqlPreviewResponseSchema,
  DeleteClusterColumnResponseSchema,
  ErrorResponseSchema,
  ReorderClusterColumnsRequestSchema,
  SaveClusterColumnRequestSchema,
  SaveWordGroupsRequestSchema,
  ValidationErrorResponseSchema,
  WordGroupsResponseSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import { refuseDemoEdits } from './deps';
import type { ClusterPreviewService } from './preview';
import type { ClustersService } from './service';
import type { WordGroupsService } from './word-groups';

const tags = ['clusters'];

/** 422: the request's validation list (rule errors, duplicate names) or a business refusal. */
const errors = (...statuses: (401 | 403 | 404 | 409)[]) => ({
  ...errorResponses(...statuses),
  422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
});

/** A column of up to 200 rule sets of 50 rules, each value up to 1,000 characters, fits. */
const COLUMN_BODY_LIMIT = 4 * 1024 * 1024;
/** 200 word groups of up to 5,000 terms and 5,000 exclude terms fit, at typical term lengths. */
const WORD_GROUPS_BODY_LIMIT = 16 * 1024 * 1024;

type Services = { columns: ClustersService; previews: ClusterPreviewService; wordGroups: WordGroupsService };

/** spec 001 §7 Clustering categories, Cluster columns, Preview, Preview value, SQL preview, Word groups. */
export async function clustersRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { columns, previews, wordGroups } = services;
  const org = (request: Parameters<typeof organizationOf>[0]) => organizationOf(request).organizationId;
  const guard = { guard: 'organization' as const };
  /** The organization of a change: never the demo organization's. */
  const editable = (request: Parameters<typeof organizationOf>[0]) => {
    const access = organizationOf(request);
    refuseDemoEdits(access);
    return access.organizationId;
  };

  api.get(
    '/clustering/categories',
    {
      config: guard,
      schema: {
        tags,
        summary:
          'The cluster categories with their tab labels, then the word-groups tab; the maximum of columns',
        querystring: ClusteringQuerySchema,
        response: { 200: ClusterCategoriesResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async () => columns.categories(),
  );

  // A static path: the router matches it before /clustering/:category.
  api.get(
    '/clustering/wordgroups',
    {
      config: guard,
      schema: {
        tags,
        summary: "The organization's word groups, each saying whether rules read it",
        querystring: ClusteringQuerySchema,
        response: { 200: WordGroupsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ wordgroups: await wordGroups.list(org(request)) }),
  );

  api.put(
    '/clustering/wordgroups',
    {
      config: guard,
      bodyLimit: WORD_GROUPS_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Saves the whole list of word groups; deleting groups rules read needs delete_references, which deletes those rules',
        body: SaveWordGroupsRequestSchema,
        response: { 200: WordGroupsResponseSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => ({ wordgroups: await wordGroups.save(editable(request), request.body) }),
  );

  api.get(
    '/clustering/:category',
    {
      config: guard,
      schema: {
        tags,
        summary: "A category's cluster columns in order, each with the fields its rules may read",
        params: ClusterCategoryParamsSchema,
        querystring: ClusteringQuerySchema,
        response: { 200: ClusterCategoryResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => columns.category(org(request), request.params.category),
  );

  api.put(
    '/clustering/:category/columns',
    {
      config: guard,
      schema: {
        tags,
        summary:
          "Reorders the category's columns (updateType 'reorder'): fixed ones stay, none moves above one it reads",
        params: ClusterCategoryParamsSchema,
        body: ReorderClusterColumnsRequestSchema,
        response: { 200: ClusterCategoryResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => columns.reorder(editable(request), request.params.category, request.body.columnIds),
  );

  api.get(
    '/clustering/:category/columns/:id',
    {
      config: guard,
      schema: {
        tags,
        summary: 'One cluster column with its rule sets and fields',
        params: ClusterColumnParamsSchema,
        querystring: ClusteringQuerySchema,
        response: { 200: ClusterColumnSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => columns.column(org(request), request.params.category, request.params.id),
  );

  api.put(
    '/clustering/:category/columns/:id',
    {
      config: guard,
      bodyLimit: COLUMN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Creates (last) or updates a cluster column, then applies it to the data',
        params: ClusterColumnParamsSchema,
        body: SaveClusterColumnRequestSchema,
        response: { 200: ClusterColumnSchema, 503: ErrorResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { organization_id: _organization, ...input } = request.body;
      return columns.save(editable(request), request.params.category, request.params.id, input);
    },
  );

  api.delete(
    '/clustering/:category/columns/:id',
    {
      config: guard,
      schema: {
        tags,
        summary: 'Deletes a cluster column (not a fixed or placeholder one, nor one later columns read)',
        params: ClusterColumnParamsSchema,
        querystring: ClusteringQuerySchema,
        response: {
          200: DeleteClusterColumnResponseSchema,
          503: ErrorResponseSchema,
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      await columns.remove(editable(request), request.params.category, request.params.id);
      return { success: true as const };
    },
  );

  api.post(
    '/clustering/:category/preview',
    {
      config: guard,
      bodyLimit: COLUMN_BODY_LIMIT,
      schema: {
        tags,
        summary: "The editor's column (saved or not): its values with the category's measures summed",
        params: ClusterCategoryParamsSchema,
        body: ClusterPreviewRequestSchema,
        response: { 200: ClusterPreviewResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => previews.preview(org(request), request.params.category, request.body),
  );

  api.post(
    '/clustering/:category/preview_value',
    {
      config: guard,
      bodyLimit: COLUMN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'The items one value of the column holds (conversions de-duplicated by name and source)',
        params: ClusterCategoryParamsSchema,
        body: ClusterPreviewValueRequestSchema,
        response: { 200: ClusterPreviewResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => previews.previewValue(org(request), request.params.category, request.body),
  );

  api.post(
    '/clustering/:category/sql',
    {
      config: guard,
      bodyLimit: COLUMN_BODY_LIMIT,
      schema: {
        tags,
        summary: "The column's SQL in the organization's warehouse dialect, for reading",
        params: ClusterCategoryParamsSchema,
        body: ClusterSqlPreviewRequestSchema,
        response: { 200: ClusterSqlPreviewResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => previews.sql(org(request), request.params.category, request.body.column),
  );

  api.post(
    '/clustering/:category/coverage',
    {
      config: guard,
      bodyLimit: COLUMN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'What each rule set covers (rows, spend) and the most frequent items no rule set matches',
        params: ClusterCategoryParamsSchema,
        body: ClusterCoverageRequestSchema,
        response: { 200: ClusterCoverageResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => previews.coverage(org(request), request.params.category, request.body.column),
  );
}
