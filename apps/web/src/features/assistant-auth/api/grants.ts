import { AssistantGrantResponseSchema } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type AssistantGrantRequest = { mcp_auth_token: string; organization_id: string; dataset_id: string };
export type AssistantGrant = ReturnType<typeof AssistantGrantResponseSchema.parse>;

/** POST /assistant/grants: lets the assistant holding `mcp_auth_token` query one dataset. */
export function createAssistantGrant(
  request: AssistantGrantRequest,
  client: ApiClient = apiClient,
): Promise<AssistantGrant> {
  return client.post('/assistant/grants', {
    body: request,
    parse: (data) => AssistantGrantResponseSchema.parse(data),
  });
}
