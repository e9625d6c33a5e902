import { EmbedTokenResponseSchema, type EmbedTokenResponse } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../../shared/api/client';

export type EmbedTokenInput = { organizationId: string; reportSlug: string; state: string | null };

/** POST /reports/{slug}/embed-token: a signed token, valid one hour, for the report under the state. */
export function createEmbedToken(
  { organizationId, reportSlug, state }: EmbedTokenInput,
  client: ApiClient = apiClient,
): Promise<EmbedTokenResponse> {
  return client.post(`/reports/${encodeURIComponent(reportSlug)}/embed-token`, {
    body: { organization_id: organizationId, state },
    parse: (data) => EmbedTokenResponseSchema.parse(data),
  });
}
