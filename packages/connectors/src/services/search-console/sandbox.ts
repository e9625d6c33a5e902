// The sandbox Search Console API (webmasters v3), shaped as Google documents it:
// https://developers.google.com/webmaster-tools/v1/sites/list
// https://developers.google.com/webmaster-tools/v1/searchanalytics/query
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { installSandboxApi, requireScope, SandboxApiError } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { googleErrorBody, invalidValueMessage } from '../google/sandbox-errors';
import { DIMENSIONS, SANDBOX_SITES, searchAnalytics } from './sandbox-data';
import { SEARCH_CONSOLE_API_VERSION } from '../../core/api-versions';

export const SEARCH_CONSOLE_SANDBOX_PREFIX = '/sandbox/search-console';

const READ_SCOPES = [
  'https://www.googleapis.com/auth/webmasters.readonly',
  'https://www.googleapis.com/auth/webmasters',
];
export const SEARCH_ANALYTICS_MAX_ROWS = 25_000;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
const QueryBodySchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    dimensions: z.array(z.enum(DIMENSIONS)).default([]),
    type: z.enum(['web', 'image', 'video', 'news', 'discover', 'googleNews']).default('web'),
    aggregationType: z.enum(['auto', 'byPage', 'byProperty']).default('auto'),
    rowLimit: z.number().int().min(1).max(SEARCH_ANALYTICS_MAX_ROWS).default(1000),
    startRow: z.number().int().min(0).default(0),
    dataState: z.enum(['final', 'all']).default('final'),
  })
  .strict();

function parseBody(body: unknown): z.infer<typeof QueryBodySchema> {
  const parsed = QueryBodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new SandboxApiError('invalid_argument', invalidValueMessage(parsed.error));
  }
  const query = parsed.data;
  if (new Set(query.dimensions).size !== query.dimensions.length) {
    throw new SandboxApiError('invalid_argument', 'Each dimension may be requested only once.');
  }
  if (query.endDate < query.startDate) {
    throw new SandboxApiError('invalid_argument', 'endDate must not be earlier than startDate.');
  }
  return query;
}

export const searchConsoleSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.google;
  const now = options.now ?? store.now;
  const { lateConversions } = installSandboxApi(app, {
    faults: options.faults,
    render: (kind, message, status) => googleErrorBody(kind, message, status, { legacy: true }),
    store,
  });

  app.get(`/webmasters/${SEARCH_CONSOLE_API_VERSION}/sites`, async (request) => {
    requireScope(request, ...READ_SCOPES);
    return { siteEntry: SANDBOX_SITES.map(({ siteUrl, permissionLevel }) => ({ siteUrl, permissionLevel })) };
  });

  app.post<{ Params: { siteUrl: string } }>(
    `/webmasters/${SEARCH_CONSOLE_API_VERSION}/sites/:siteUrl/searchAnalytics/query`,
    async (request) => {
      requireScope(request, ...READ_SCOPES);
      const { siteUrl } = request.params;
      const site = SANDBOX_SITES.find((s) => s.siteUrl === siteUrl);
      if (!site || site.permissionLevel === 'siteUnverifiedUser') {
        throw new SandboxApiError(
          'permission_denied',
          `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`,
        );
      }
      const query = parseBody(request.body);
      const byPage =
        query.aggregationType === 'byPage' ||
        (query.aggregationType === 'auto' && query.dimensions.includes('page'));
      const responseAggregationType = byPage ? 'byPage' : 'byProperty';
      // Only web search has data in the sandbox; the other search types answer no rows.
      const rows =
        query.type === 'web'
          ? searchAnalytics(siteUrl, query, now(), (date) => lateConversions.factor(date))
          : [];
      const page = rows.slice(query.startRow, query.startRow + query.rowLimit);
      // Google leaves `rows` out when there are none.
      return page.length > 0 ? { rows: page, responseAggregationType } : { responseAggregationType };
    },
  );
};
