import { AssistantAuthorizationListSchema, type AssistantAuthorization } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type { AssistantAuthorization };

/** Query keys of the assistant-auth area. */
export const assistantAuthKeys = {
  all: ['assistant-auth'] as const,
  authorizations: (organizationId: string) =>
    [...assistantAuthKeys.all, 'authorizations', organizationId] as const,
};

/** GET /assistant/authorizations: the AI assistants authorized for the organization. */
export async function listAuthorizations(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<AssistantAuthorization[]> {
  const answer = await client.get('/assistant/authorizations', {
    query: { organization_id: organizationId },
    parse: (data) => AssistantAuthorizationListSchema.parse(data),
  });
  return answer.authorizations;
}

/** DELETE /assistant/authorizations/{id}: the assistant's tokens stop working at once. */
export async function revokeAuthorization(
  organizationId: string,
  id: string,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete(`/assistant/authorizations/${encodeURIComponent(id)}`, {
    query: { organization_id: organizationId },
  });
}
