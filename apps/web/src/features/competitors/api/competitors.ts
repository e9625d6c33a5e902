import {
  CompetitionReportResponseSchema,
  CompetitionReportsResponseSchema,
  GoogleSearchCountriesResponseSchema,
  type CompetitionReport,
  type CompetitionReportsResponse,
  type GoogleSearchCountriesResponse,
  type SaveCompetitionReportRequest,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /google_search_countries. */
export function getCountries(client: ApiClient = apiClient): Promise<GoogleSearchCountriesResponse> {
  return client.get('/google_search_countries', {
    parse: (data) => GoogleSearchCountriesResponseSchema.parse(data),
  });
}

/** GET /competition_reports: the reports and the filter columns. */
export function getCompetitionReports(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<CompetitionReportsResponse> {
  return client.get('/competition_reports', {
    query: { organization_id: organizationId },
    parse: (data) => CompetitionReportsResponseSchema.parse(data),
  });
}

/** GET /competition_reports/{id}: one report; null when there is none (a new one). */
export async function getCompetitionReport(
  organizationId: string,
  id: string,
  client: ApiClient = apiClient,
): Promise<CompetitionReport> {
  const answer = await client.get(`/competition_reports/${id}`, {
    query: { organization_id: organizationId },
    parse: (data) => CompetitionReportResponseSchema.parse(data),
  });
  return answer.report;
}

/** PUT /competition_reports: creates or updates; its computation is queued. */
export async function saveCompetitionReport(
  body: SaveCompetitionReportRequest,
  client: ApiClient = apiClient,
): Promise<CompetitionReport> {
  const answer = await client.put('/competition_reports', {
    body,
    parse: (data) => CompetitionReportResponseSchema.parse(data),
  });
  return answer.report;
}

/** DELETE /competition_reports/{id}. */
export function deleteCompetitionReport(
  organizationId: string,
  id: string,
  client: ApiClient = apiClient,
): Promise<unknown> {
  return client.delete(`/competition_reports/${id}`, { query: { organization_id: organizationId } });
}

/** POST /competition_reports/{id}/run: computes the report now. */
export async function runCompetitionReport(
  organizationId: string,
  id: string,
  client: ApiClient = apiClient,
): Promise<CompetitionReport> {
  const answer = await client.post(`/competition_reports/${id}/run`, {
    body: { organization_id: organizationId },
    parse: (data) => CompetitionReportResponseSchema.parse(data),
  });
  return answer.report;
}
