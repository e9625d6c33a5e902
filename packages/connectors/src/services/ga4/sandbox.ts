// The sandbox Google Analytics APIs under one mount: the Admin API's account summaries and the
// Data API's runReport, shaped as Google documents them.
// https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/accountSummaries/list
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { installSandboxApi, requireScope, SandboxApiError } from '../../sandbox/apis/api';
import { decodePageToken, encodePageToken } from '../../sandbox/apis/data';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { googleErrorBody, invalidValueMessage } from '../google/sandbox-errors';
import { findProperty, SANDBOX_ACCOUNTS } from './sandbox-data';
import { runReport, RunReportSchema } from './sandbox-report';
import { GA4_ADMIN_API_VERSION, GA4_DATA_API_VERSION } from '../../core/api-versions';

export const GA4_SANDBOX_PREFIX = '/sandbox/google-analytics';

const READ_SCOPES = [
  'https://www.googleapis.com/auth/analytics.readonly',
  'https://www.googleapis.com/auth/analytics',
  'https://www.googleapis.com/auth/analytics.edit',
];

const ListQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).optional(),
  pageToken: z.string().optional(),
});

export const ga4Sandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.google;
  const now = options.now ?? store.now;
  const { lateConversions } = installSandboxApi(app, {
    faults: options.faults,
    render: (kind, message, status) => googleErrorBody(kind, message, status, { legacy: false }),
    store,
  });

  app.get(`/${GA4_ADMIN_API_VERSION}/accountSummaries`, async (request) => {
    requireScope(request, ...READ_SCOPES);
    const query = ListQuerySchema.safeParse(request.query);
    if (!query.success) throw new SandboxApiError('invalid_argument', 'pageSize must be a positive integer.');
    const pageSize = Math.min(query.data.pageSize ?? 50, 200);
    let offset = 0;
    if (query.data.pageToken) {
      const decoded = decodePageToken(query.data.pageToken, 'accountSummaries');
      if (decoded === null) throw new SandboxApiError('invalid_argument', 'Invalid page token.');
      offset = decoded;
    }
    const page = SANDBOX_ACCOUNTS.slice(offset, offset + pageSize).map((a) => ({
      name: `accountSummaries/${a.account.slice('accounts/'.length)}`,
      account: a.account,
      displayName: a.displayName,
      ...(a.properties.length > 0
        ? {
            propertySummaries: a.properties.map((p) => ({
              property: p.property,
              displayName: p.displayName,
              propertyType: 'PROPERTY_TYPE_ORDINARY',
              parent: a.account,
            })),
          }
        : {}),
    }));
    const next = offset + pageSize;
    return {
      accountSummaries: page,
      ...(next < SANDBOX_ACCOUNTS.length ? { nextPageToken: encodePageToken(next, 'accountSummaries') } : {}),
    };
  });

  // Admin API `GET /v1beta/properties/{id}`: the property with its reporting time zone.
  // (The same parameter name as runReport's path: one router node.)
  app.get<{ Params: { call: string } }>(`/${GA4_ADMIN_API_VERSION}/properties/:call`, async (request) => {
    requireScope(request, ...READ_SCOPES);
    const id = request.params.call;
    const property = /^\d+$/.test(id) ? findProperty(`properties/${id}`) : null;
    if (!property) {
      throw new SandboxApiError('permission_denied', 'The caller does not have permission');
    }
    const account = SANDBOX_ACCOUNTS.find((a) => a.properties.includes(property));
    return {
      name: property.property,
      propertyType: 'PROPERTY_TYPE_ORDINARY',
      parent: account?.account,
      displayName: property.displayName,
      timeZone: property.timeZone,
      currencyCode: property.currencyCode,
    };
  });

  // `POST /v1beta/properties/{id}:runReport`: one path segment holds the id and the custom method.
  app.post<{ Params: { call: string } }>(`/${GA4_DATA_API_VERSION}/properties/:call`, async (request) => {
    const match = /^(\d+):runReport$/.exec(request.params.call);
    if (!match) throw new SandboxApiError('not_found', `Method not found: ${request.params.call}`);
    requireScope(request, ...READ_SCOPES);
    const property = findProperty(`properties/${match[1]}`);
    if (!property) {
      throw new SandboxApiError(
        'permission_denied',
        'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
      );
    }
    const parsed = RunReportSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw new SandboxApiError('invalid_argument', invalidValueMessage(parsed.error));
    }
    return runReport(property, parsed.data, now(), (date) => lateConversions.factor(date));
  });
};
