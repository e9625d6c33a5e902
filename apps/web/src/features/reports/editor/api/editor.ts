import {
  CheckFormulaResponseSchema,
  ReportFieldsResponseSchema,
  ReportVersionsResponseSchema,
  SavedReportVersionResponseSchema,
  type CalculatedMeasure,
  type CheckFormulaResponse,
  type ReportDocument,
  type ReportFieldsResponse,
  type ReportVersionsResponse,
  type SavedReportVersionResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../../shared/api/client';

// The report editor's calls (issue 32): the model's fields, the formula check, saving the
// document as a new version, the version history and restore.

const reportPath = (slug: string) => `/reports/${encodeURIComponent(slug)}`;

/** GET /reports/{slug}/fields: the tables, dimensions and measures the editor offers. */
export function getReportFields(
  organizationId: string,
  slug: string,
  client: ApiClient = apiClient,
): Promise<ReportFieldsResponse> {
  return client.get(`${reportPath(slug)}/fields`, {
    query: { organization_id: organizationId },
    parse: (data) => ReportFieldsResponseSchema.parse(data),
  });
}

/** POST /reports/{slug}/formula: what is wrong with a metric's formula, or null. */
export function checkFormula(
  organizationId: string,
  slug: string,
  metric: CalculatedMeasure,
  calculated: readonly CalculatedMeasure[],
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<CheckFormulaResponse> {
  return client.post(`${reportPath(slug)}/formula`, {
    body: { organization_id: organizationId, metric, calculated_measures: calculated },
    signal,
    parse: (data) => CheckFormulaResponseSchema.parse(data),
  });
}

/** PUT /reports/{slug}/document: the draft saved as the version after `baseVersion`. */
export function saveReportDocument(
  organizationId: string,
  slug: string,
  document: ReportDocument,
  baseVersion: number,
  client: ApiClient = apiClient,
): Promise<SavedReportVersionResponse> {
  return client.put(`${reportPath(slug)}/document`, {
    body: { organization_id: organizationId, document, base_version: baseVersion },
    parse: (data) => SavedReportVersionResponseSchema.parse(data),
  });
}

/** GET /reports/{slug}/versions: newest first, with who saved each and when. */
export function listReportVersions(
  organizationId: string,
  slug: string,
  client: ApiClient = apiClient,
): Promise<ReportVersionsResponse> {
  return client.get(`${reportPath(slug)}/versions`, {
    query: { organization_id: organizationId },
    parse: (data) => ReportVersionsResponseSchema.parse(data),
  });
}

/** POST /reports/{slug}/versions/{n}/restore: version `n` saved again as the newest. */
export function restoreReportVersion(
  organizationId: string,
  slug: string,
  version: number,
  baseVersion: number,
  client: ApiClient = apiClient,
): Promise<SavedReportVersionResponse> {
  return client.post(`${reportPath(slug)}/versions/${String(version)}/restore`, {
    body: { organization_id: organizationId, base_version: baseVersion },
    parse: (data) => SavedReportVersionResponseSchema.parse(data),
  });
}
