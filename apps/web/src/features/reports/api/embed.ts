import {
  EmbedAccessResponseSchema,
  FilterOptionsResponseSchema,
  ReportQueryResponseSchema,
  operations,
  type EmbedAccessResponse,
  type EmbedQueryRequest,
  type FilterOptionsResponse,
  type ReportQueryResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';
import type { FilterValuesRequest } from './reports';
import type { ReportSource } from './source';

const embedPath = (token: string) => `/embed/${encodeURIComponent(token)}`;

/** GET /embed/{token}: the embedded report (read-only), its document and the state to open with. */
export function getEmbedAccess(token: string, client: ApiClient = apiClient): Promise<EmbedAccessResponse> {
  return client.get(embedPath(token), { parse: (data) => EmbedAccessResponseSchema.parse(data) });
}

/** POST /embed/{token}/query: one visual; the token names organization and report. */
export function queryEmbedVisual(
  token: string,
  request: EmbedQueryRequest,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<ReportQueryResponse> {
  return client.post(`${embedPath(token)}/query`, {
    body: request,
    signal,
    parse: (data) => ReportQueryResponseSchema.parse(data),
  });
}

/** GET /embed/{token}/filter-values: one page of a column's values. */
export function getEmbedFilterValues(
  token: string,
  request: FilterValuesRequest,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<FilterOptionsResponse> {
  return client.get(`${embedPath(token)}/filter-values`, {
    query: request,
    signal,
    parse: (data) => FilterOptionsResponseSchema.parse(data),
  });
}

/**
 * A report embedded in another site, read through its token. The embed access does not name the
 * organization's currency, so amounts show in the default one (USD).
 */
export function embedReportSource(token: string): ReportSource {
  return {
    kind: 'embed',
    scope: `embed:${token}`,
    currency: operations.defaultCurrency,
    access: () => getEmbedAccess(token),
    query: ({ report: _report, ...request }, signal) => queryEmbedVisual(token, request, signal),
    filterValues: (request, signal) => getEmbedFilterValues(token, request, signal),
  };
}
