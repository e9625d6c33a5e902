import {
  CreateCustomReportResponseSchema,
  type CreateCustomReportRequest,
  type CreateCustomReportResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../../shared/api/client';

/** POST /reports: the view on screen saved as a new custom report (spec 002 §2 Report save-as dialog). */
export function createCustomReport(
  request: CreateCustomReportRequest,
  client: ApiClient = apiClient,
): Promise<CreateCustomReportResponse> {
  return client.post('/reports', {
    body: request,
    parse: (data) => CreateCustomReportResponseSchema.parse(data),
  });
}
