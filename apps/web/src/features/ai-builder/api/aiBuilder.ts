import { GenerateBookmarkResponseSchema, type GenerateBookmarkResponse } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** POST /reports/{slug}/generate-bookmark: spec 002 §7 Generate bookmark (reportSlug, prompt). */
export function generateBookmark(
  organizationId: string,
  reportSlug: string,
  prompt: string,
  client: ApiClient = apiClient,
): Promise<GenerateBookmarkResponse> {
  return client.post(`/reports/${encodeURIComponent(reportSlug)}/generate-bookmark`, {
    body: { organization_id: organizationId, prompt },
    parse: (data) => GenerateBookmarkResponseSchema.parse(data),
  });
}
