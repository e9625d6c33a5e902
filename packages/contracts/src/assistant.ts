import { z } from 'zod/mini';

/**
 * The AI-assistant authorization (spec 000 §2 organization-select and dataset-select): the user
 * grants the assistant that holds `mcp_auth_token` access to one dataset of one organization.
 */
export const CreateAssistantGrantSchema = z.object({
  mcp_auth_token: z.string().check(z.minLength(16), z.maxLength(512)),
  organization_id: z.uuid(),
  dataset_id: z.uuid(),
});
export const AssistantGrantResponseSchema = z.object({
  grant_id: z.uuid(),
  user_id: z.uuid(),
  organization_id: z.uuid(),
  dataset_id: z.uuid(),
  created_at: z.iso.datetime(),
});
