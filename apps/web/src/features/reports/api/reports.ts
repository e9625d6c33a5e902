import {
  FilterOptionsResponseSchema,
  ReportAccessResponseSchema,
  ReportListResponseSchema,
  ReportQueryResponseSchema,
  type FilterOptionsResponse,
  type ReportAccessResponse,
  type ReportListResponse,
  type ReportQueryRequest,
  type ReportQueryResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** A visual's query as the dashboard builds it: the organization is the source's to add. */
export type VisualQueryRequest = Omit<ReportQueryRequest, 'organization_id'>;

/** Which column's values a list filter or slicer asks for, and from where in its pages. */
export type FilterValuesRequest = {
  datasetId: string;
  table: string;
  column: string;
  cursor: string | null;
  /** The page on screen: an embedded report lists the values of its view on that page. */
  page?: string;
};

const reportPath = (slug: string) => `/reports/${encodeURIComponent(slug)}`;

/** GET /reports?organization_id=: the built-in reports, then the organization's custom ones. */
export function listReports(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<ReportListResponse> {
  return client.get('/reports', {
    query: { organization_id: organizationId },
    parse: (data) => ReportListResponseSchema.parse(data),
  });
}

/** GET /reports/{slug}?organization_id=: the report, its document and how fresh its data is. */
export function getReportAccess(
  organizationId: string,
  slug: string,
  client: ApiClient = apiClient,
): Promise<ReportAccessResponse> {
  return client.get(reportPath(slug), {
    query: { organization_id: organizationId },
    parse: (data) => ReportAccessResponseSchema.parse(data),
  });
}

/** POST /reports/{slug}/query: one visual of a page under the filters in effect. */
export function queryReportVisual(
  organizationId: string,
  request: VisualQueryRequest,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<ReportQueryResponse> {
  return client.post(`${reportPath(request.report)}/query`, {
    body: { organization_id: organizationId, ...request },
    signal,
    parse: (data) => ReportQueryResponseSchema.parse(data),
  });
}

/** GET /reports/filter-values: one page of a column's distinct values. */
export function getFilterValues(
  organizationId: string,
  request: FilterValuesRequest,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<FilterOptionsResponse> {
  return client.get('/reports/filter-values', {
    query: { organization_id: organizationId, ...request },
    signal,
    parse: (data) => FilterOptionsResponseSchema.parse(data),
  });
}
