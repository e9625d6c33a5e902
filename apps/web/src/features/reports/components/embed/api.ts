import {
  EmbedGrantListResponseSchema,
  EmbedTokenResponseSchema,
  type EmbedGrantListResponse,
  type EmbedTokenResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../../shared/api/client';

export type EmbedReportRef = { organizationId: string; reportSlug: string };

export type EmbedTokenInput = EmbedReportRef & {
  state: string | null;
  /** ISO date-time; null: the link does not expire. */
  expiresAt: string | null;
  allowFiltering: boolean;
};

const reportPath = (reportSlug: string) => `/reports/${encodeURIComponent(reportSlug)}`;

/** POST /reports/{slug}/embed-token: a grant of the report under the state, and its token. */
export function createEmbedToken(
  { organizationId, reportSlug, state, expiresAt, allowFiltering }: EmbedTokenInput,
  client: ApiClient = apiClient,
): Promise<EmbedTokenResponse> {
  return client.post(`${reportPath(reportSlug)}/embed-token`, {
    body: { organization_id: organizationId, state, expires_at: expiresAt, allow_filtering: allowFiltering },
    parse: (data) => EmbedTokenResponseSchema.parse(data),
  });
}

/** GET /reports/{slug}/embeds: the report's grants not revoked, newest first. */
export function listEmbedGrants(
  { organizationId, reportSlug }: EmbedReportRef,
  client: ApiClient = apiClient,
): Promise<EmbedGrantListResponse> {
  return client.get(`${reportPath(reportSlug)}/embeds`, {
    query: { organization_id: organizationId },
    parse: (data) => EmbedGrantListResponseSchema.parse(data),
  });
}

/** DELETE /reports/{slug}/embeds/{id}: the grant's token stops working at once. */
export async function revokeEmbedGrant(
  { organizationId, reportSlug, id }: EmbedReportRef & { id: string },
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete(`${reportPath(reportSlug)}/embeds/${encodeURIComponent(id)}`, {
    query: { organization_id: organizationId },
  });
}
