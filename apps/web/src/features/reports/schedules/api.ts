import {
  ReportScheduleListResponseSchema,
  ReportScheduleSchema,
  type CreateReportScheduleRequest,
  type ReportSchedule,
  type ReportScheduleListResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type ScheduleRef = { organizationId: string; reportSlug: string };

const schedulesPath = (reportSlug: string) => `/reports/${encodeURIComponent(reportSlug)}/schedules`;

/** GET /reports/{slug}/schedules: the caller's schedules of the report (an admin's: all). */
export function listSchedules(
  { organizationId, reportSlug }: ScheduleRef,
  client: ApiClient = apiClient,
): Promise<ReportScheduleListResponse> {
  return client.get(schedulesPath(reportSlug), {
    query: { organization_id: organizationId },
    parse: (data) => ReportScheduleListResponseSchema.parse(data),
  });
}

/** POST /reports/{slug}/schedules: a new schedule, its first delivery queued. */
export function createSchedule(
  { reportSlug, ...request }: CreateReportScheduleRequest & { reportSlug: string },
  client: ApiClient = apiClient,
): Promise<ReportSchedule> {
  return client.post(schedulesPath(reportSlug), {
    body: request,
    parse: (data) => ReportScheduleSchema.parse(data),
  });
}

/** DELETE /reports/{slug}/schedules/{id}. */
export async function deleteSchedule(
  { organizationId, reportSlug, id }: ScheduleRef & { id: string },
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete(`${schedulesPath(reportSlug)}/${encodeURIComponent(id)}`, {
    query: { organization_id: organizationId },
  });
}

/** POST /reports/{slug}/schedules/{id}/send: one delivery now. */
export async function sendScheduleNow(
  { organizationId, reportSlug, id }: ScheduleRef & { id: string },
  client: ApiClient = apiClient,
): Promise<void> {
  await client.post(`${schedulesPath(reportSlug)}/${encodeURIComponent(id)}/send`, {
    body: { organization_id: organizationId },
  });
}
