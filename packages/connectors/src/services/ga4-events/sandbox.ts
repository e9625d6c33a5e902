// The sandbox BigQuery REST API (v2): datasets.get, tables.list, jobs.query and
// jobs.getQueryResults, shaped as Google documents them, for the GA4 export datasets of
// sandbox-data.ts. Only the product's service account (its JWT bearer tokens) is granted access.
// https://cloud.google.com/bigquery/docs/reference/rest/v2/jobs/query
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fromCompactDate } from '../../core/dates';
import { installSandboxApi, requireScope, SandboxApiError } from '../../sandbox/apis/api';
import {
  datesWithData,
  decodePageToken,
  encodePageToken,
  hash,
  historyWindow,
} from '../../sandbox/apis/data';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { googleErrorBody, invalidValueMessage } from '../google/sandbox-errors';
import { eventRows, findDataset, SANDBOX_PROJECT, tableIds } from './sandbox-data';
import type { EventRow, SandboxDataset } from './sandbox-data';
import { interpretQuery, RESULT_SCHEMA } from './sandbox-sql';
import type { EventsQuery } from './sandbox-sql';
import { BIGQUERY_API_VERSION } from '../../core/api-versions';

const API = `/bigquery/${BIGQUERY_API_VERSION}`;

export const BIGQUERY_SANDBOX_PREFIX = '/sandbox/bigquery';

const READ_SCOPES = [
  'https://www.googleapis.com/auth/bigquery.readonly',
  'https://www.googleapis.com/auth/bigquery',
  'https://www.googleapis.com/auth/cloud-platform',
  'https://www.googleapis.com/auth/cloud-platform.read-only',
];
const DEFAULT_MAX_RESULTS = 10_000;

/** The email of the user the request's token was granted by. */
const readerOf = (request: FastifyRequest) => requireScope(request, ...READ_SCOPES).account.email;

/** The dataset, or BigQuery's 404 / 403 (`accessDenied`) for `permission` on it. */
function readableDataset(
  projectId: string,
  datasetId: string,
  reader: string,
  permission: string,
): SandboxDataset {
  const dataset = findDataset(projectId, datasetId);
  if (!dataset) throw new SandboxApiError('not_found', `Not found: Dataset ${projectId}:${datasetId}`);
  if (!dataset.readers.includes(reader)) {
    throw new SandboxApiError(
      'permission_denied',
      `Access Denied: Dataset ${projectId}:${datasetId}: Permission ${permission} denied on dataset ${projectId}:${datasetId} (or it may not exist).`,
    );
  }
  return dataset;
}

/** Job ids carry their query (base64url JSON), so results need no server-side state. */
const jobIdOf = (query: EventsQuery) => `job_${Buffer.from(JSON.stringify(query)).toString('base64url')}`;
function queryOfJob(jobId: string): EventsQuery | null {
  try {
    const value = JSON.parse(
      Buffer.from(jobId.replace(/^job_/, ''), 'base64url').toString('utf8'),
    ) as EventsQuery;
    return typeof value.datasetId === 'string' && typeof value.fromSuffix === 'string'
      ? { ...value, attribution: value.attribution === 'first_touch' ? 'first_touch' : 'session' }
      : null;
  } catch {
    return null;
  }
}

/**
 * The query's rows; `restated` is the factor of a day's restatement (sandbox/apis/late-conversions.ts):
 * GA4 rewriting a day's export table with late purchases (their count and revenue).
 */
function resultRows(
  dataset: SandboxDataset,
  query: EventsQuery,
  nowMs: number,
  restated: (date: string) => number,
): EventRow[] {
  if (query.toSuffix < query.fromSuffix) return [];
  const [from, to] = [fromCompactDate(query.fromSuffix), fromCompactDate(query.toSuffix)];
  return datesWithData(from, to, nowMs).flatMap((date) => {
    const factor = restated(date);
    return eventRows(dataset, date, query.attribution).map((row): EventRow => {
      if (factor === 1 || row[1] !== 'purchase') return row;
      const [suffix, name, source, medium, campaign, count, users, revenue] = row;
      return [
        suffix,
        name,
        source,
        medium,
        campaign,
        Math.round(count * factor),
        users,
        Math.round(revenue * factor),
      ];
    });
  });
}

/** One page of results: values as strings in `{f:[{v}]}`, as the REST API sends every type. */
function resultPage(rows: EventRow[], offset: number, maxResults: number, jobId: string) {
  const page = rows
    .slice(offset, offset + maxResults)
    .map((row) => ({ f: row.map((value) => ({ v: String(value) })) }));
  const next = offset + maxResults;
  return {
    schema: RESULT_SCHEMA,
    totalRows: String(rows.length),
    ...(page.length > 0 ? { rows: page } : {}),
    ...(next < rows.length ? { pageToken: encodePageToken(next, jobId) } : {}),
    totalBytesProcessed: String(rows.length * 96),
    jobComplete: true,
    cacheHit: false,
  };
}

const invalidQuery = (reply: FastifyReply, message: string) =>
  reply
    .code(400)
    .send(googleErrorBody('invalid_argument', message, 400, { legacy: true, reason: 'invalidQuery' }));

const QueryRequestSchema = z
  .object({
    kind: z.string().optional(),
    query: z.string().min(1),
    useLegacySql: z.boolean().optional(),
    parameterMode: z.enum(['NAMED', 'POSITIONAL']).optional(),
    queryParameters: z
      .array(
        z.object({
          name: z.string().optional(),
          parameterType: z.object({ type: z.string() }).optional(),
          parameterValue: z.object({ value: z.string() }).optional(),
        }),
      )
      .default([]),
    maxResults: z.number().int().min(1).optional(),
    timeoutMs: z.number().int().min(0).optional(),
    location: z.string().optional(),
    useQueryCache: z.boolean().optional(),
    requestId: z.string().optional(),
  })
  .strict();
const ResultsQuerySchema = z.object({
  pageToken: z.string().optional(),
  maxResults: z.coerce.number().int().min(1).optional(),
  location: z.string().optional(),
  timeoutMs: z.coerce.number().int().min(0).optional(),
});
const ListQuerySchema = z.object({
  pageToken: z.string().optional(),
  maxResults: z.coerce.number().int().min(1).optional(),
});

function checkLocation(dataset: SandboxDataset, projectId: string, location: string | undefined): void {
  if (location && location.toUpperCase() !== dataset.location) {
    throw new SandboxApiError(
      'not_found',
      `Not found: Dataset ${projectId}:${dataset.datasetId} was not found in location ${location}`,
    );
  }
}

export const bigQuerySandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.google;
  const now = options.now ?? store.now;
  const base = `${options.publicBaseUrl}${API}`;
  const { lateConversions } = installSandboxApi(app, {
    faults: options.faults,
    render: (kind, message, status) =>
      googleErrorBody(kind, message, status, {
        legacy: true,
        reason: kind === 'permission_denied' ? 'accessDenied' : undefined,
      }),
    store,
  });
  const restated = (date: string) => lateConversions.factor(date);

  app.get<{ Params: { projectId: string; datasetId: string } }>(
    `${API}/projects/:projectId/datasets/:datasetId`,
    async (request) => {
      const { projectId, datasetId } = request.params;
      const dataset = readableDataset(projectId, datasetId, readerOf(request), 'bigquery.datasets.get');
      // Linked the day before its first daily table.
      const created = String(Date.parse(`${historyWindow(now()).first}T03:00:00Z`) - 86_400_000);
      return {
        kind: 'bigquery#dataset',
        etag: `"${hash(projectId, datasetId).toString(36)}"`,
        id: `${projectId}:${datasetId}`,
        selfLink: `${base}/projects/${projectId}/datasets/${datasetId}`,
        datasetReference: { datasetId, projectId },
        creationTime: created,
        lastModifiedTime: created,
        location: dataset.location,
        type: 'DEFAULT',
      };
    },
  );

  app.get<{ Params: { projectId: string; datasetId: string } }>(
    `${API}/projects/:projectId/datasets/:datasetId/tables`,
    async (request) => {
      const { projectId, datasetId } = request.params;
      readableDataset(projectId, datasetId, readerOf(request), 'bigquery.tables.list');
      const query = ListQuerySchema.parse(request.query);
      const ids = tableIds(now());
      const cursor = `${projectId}.${datasetId}.tables`;
      const offset = query.pageToken ? decodePageToken(query.pageToken, cursor) : 0;
      if (offset === null) throw new SandboxApiError('invalid_argument', 'Invalid page token.');
      const maxResults = Math.min(query.maxResults ?? 50, 1000);
      const next = offset + maxResults;
      return {
        kind: 'bigquery#tableList',
        etag: `"${hash(cursor, ids.length).toString(36)}"`,
        tables: ids.slice(offset, next).map((tableId) => ({
          kind: 'bigquery#table',
          id: `${projectId}:${datasetId}.${tableId}`,
          tableReference: { projectId, datasetId, tableId },
          type: 'TABLE',
          creationTime: String(
            Date.parse(`${tableId.slice(-8, -4)}-${tableId.slice(-4, -2)}-${tableId.slice(-2)}T05:00:00Z`) +
              86_400_000,
          ),
        })),
        ...(next < ids.length ? { nextPageToken: encodePageToken(next, cursor) } : {}),
        totalItems: ids.length,
      };
    },
  );

  app.post<{ Params: { projectId: string } }>(
    `${API}/projects/:projectId/queries`,
    async (request, reply) => {
      const { projectId } = request.params;
      const reader = readerOf(request);
      if (projectId !== SANDBOX_PROJECT) {
        throw new SandboxApiError(
          'permission_denied',
          `Access Denied: Project ${projectId}: User does not have bigquery.jobs.create permission in project ${projectId}.`,
        );
      }
      const parsed = QueryRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw new SandboxApiError('invalid_argument', invalidValueMessage(parsed.error));
      }
      const body = parsed.data;
      // jobs.query defaults to legacy SQL, which cannot read `events_*` or named parameters.
      if (body.useLegacySql !== false)
        return invalidQuery(reply, 'Invalid table name: `events_*` (legacy SQL). Set useLegacySql to false.');
      if (body.queryParameters.length > 0 && body.parameterMode !== 'NAMED')
        return invalidQuery(reply, 'Query parameters require parameterMode NAMED.');
      const interpreted = interpretQuery(body.query, body.queryParameters);
      if (!interpreted.ok) return invalidQuery(reply, interpreted.message);
      const query = interpreted.query;
      const dataset = readableDataset(query.projectId, query.datasetId, reader, 'bigquery.tables.getData');
      checkLocation(dataset, query.projectId, body.location);
      const jobId = jobIdOf(query);
      const jobReference = { projectId, jobId, location: dataset.location };
      // timeoutMs 0: the job is still running when the call returns; getQueryResults has the rows.
      if (body.timeoutMs === 0) return { kind: 'bigquery#queryResponse', jobReference, jobComplete: false };
      const rows = resultRows(dataset, query, now(), restated);
      return {
        kind: 'bigquery#queryResponse',
        jobReference,
        ...resultPage(rows, 0, body.maxResults ?? DEFAULT_MAX_RESULTS, jobId),
      };
    },
  );

  // A wildcard, not `:jobId`: these stateless job ids are longer than the router's 100-character parameters.
  app.get<{ Params: { projectId: string; '*': string } }>(
    `${API}/projects/:projectId/queries/*`,
    async (request) => {
      const { projectId, '*': jobId } = request.params;
      const reader = readerOf(request);
      const query = projectId === SANDBOX_PROJECT ? queryOfJob(jobId) : null;
      if (!query) throw new SandboxApiError('not_found', `Not found: Job ${projectId}:${jobId}`);
      const dataset = readableDataset(query.projectId, query.datasetId, reader, 'bigquery.tables.getData');
      const params = ResultsQuerySchema.parse(request.query);
      checkLocation(dataset, query.projectId, params.location);
      const offset = params.pageToken ? decodePageToken(params.pageToken, jobId) : 0;
      if (offset === null) throw new SandboxApiError('invalid_argument', 'Invalid page token.');
      const rows = resultRows(dataset, query, now(), restated);
      return {
        kind: 'bigquery#getQueryResultsResponse',
        etag: `"${hash(jobId, offset).toString(36)}"`,
        jobReference: { projectId, jobId, location: dataset.location },
        ...resultPage(rows, offset, params.maxResults ?? DEFAULT_MAX_RESULTS, jobId),
      };
    },
  );
};
