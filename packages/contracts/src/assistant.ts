import { z } from 'zod/mini';
import { ErrorDetailSchema } from './errors';

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

// ---- OAuth for MCP assistants (RFC 7591, RFC 6749 + PKCE, RFC 9728, RFC 8414) ---------------

const RedirectUriSchema = z.string().check(z.minLength(1), z.maxLength(2_000));

/** RFC 7591 §2: what a client registering itself sends; public clients only (PKCE, no secret). */
export const OAuthClientRegistrationSchema = z.object({
  redirect_uris: z.array(RedirectUriSchema).check(z.minLength(1), z.maxLength(10)),
  client_name: z.optional(z.string().check(z.maxLength(200))),
  token_endpoint_auth_method: z.optional(z.string().check(z.maxLength(100))),
  grant_types: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(10))),
  response_types: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(10))),
  scope: z.optional(z.string().check(z.maxLength(1_000))),
  client_uri: z.optional(z.string().check(z.maxLength(2_000))),
  software_id: z.optional(z.string().check(z.maxLength(200))),
  software_version: z.optional(z.string().check(z.maxLength(200))),
});
export type OAuthClientRegistration = z.infer<typeof OAuthClientRegistrationSchema>;

export const OAuthClientInformationSchema = z.object({
  client_id: z.string(),
  client_id_issued_at: z.int(),
  client_name: z.string(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
});

/** RFC 6749 §4.1.1 with PKCE (RFC 7636) and a resource indicator (RFC 8707). */
export const OAuthAuthorizeQuerySchema = z.object({
  response_type: z.optional(z.string().check(z.maxLength(50))),
  client_id: z.optional(z.string().check(z.maxLength(200))),
  redirect_uri: z.optional(RedirectUriSchema),
  code_challenge: z.optional(z.string().check(z.maxLength(200))),
  code_challenge_method: z.optional(z.string().check(z.maxLength(20))),
  state: z.optional(z.string().check(z.maxLength(1_000))),
  scope: z.optional(z.string().check(z.maxLength(1_000))),
  resource: z.optional(z.string().check(z.maxLength(2_000))),
});

/** Where dataset-select sends the browser back (spec 000 §2): the token and what was chosen. */
export const OAuthCallbackQuerySchema = z.object({
  mcp_auth_token: z.optional(z.string().check(z.maxLength(512))),
  user_id: z.optional(z.string().check(z.maxLength(100))),
  org_id: z.optional(z.string().check(z.maxLength(100))),
  dataset_id: z.optional(z.string().check(z.maxLength(100))),
});

/** RFC 6749 §4.1.3 and §6, form-encoded. */
export const OAuthTokenRequestSchema = z.object({
  grant_type: z.optional(z.string().check(z.maxLength(100))),
  code: z.optional(z.string().check(z.maxLength(500))),
  redirect_uri: z.optional(RedirectUriSchema),
  client_id: z.optional(z.string().check(z.maxLength(200))),
  code_verifier: z.optional(z.string().check(z.maxLength(200))),
  refresh_token: z.optional(z.string().check(z.maxLength(500))),
  resource: z.optional(z.string().check(z.maxLength(2_000))),
  scope: z.optional(z.string().check(z.maxLength(1_000))),
});
export type OAuthTokenRequest = z.infer<typeof OAuthTokenRequestSchema>;

export const OAuthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.int(),
  refresh_token: z.string(),
  scope: z.string(),
});

/** RFC 6749 §5.2, inside the API's error envelope (`detail` first, then the RFC's members). */
export const OAuthErrorSchema = z.object({
  detail: ErrorDetailSchema,
  /** Absent when the request never reached the OAuth rules (a body that is not JSON, say). */
  error: z.optional(z.string()),
  error_description: z.optional(z.string()),
});

/** One assistant a member authorized for a dataset (Settings → Developers). */
export const AssistantAuthorizationSchema = z.object({
  id: z.uuid(),
  client_name: z.string(),
  client_id: z.nullable(z.string()),
  dataset_id: z.uuid(),
  dataset_name: z.string(),
  user_id: z.uuid(),
  user_email: z.nullable(z.string()),
  created_at: z.iso.datetime(),
  last_used_at: z.nullable(z.iso.datetime()),
});
export type AssistantAuthorization = z.infer<typeof AssistantAuthorizationSchema>;

export const AssistantAuthorizationListSchema = z.object({
  authorizations: z.array(AssistantAuthorizationSchema),
});
export const AssistantAuthorizationsQuerySchema = z.object({ organization_id: z.uuid() });
export const AssistantAuthorizationParamsSchema = z.object({ id: z.uuid() });
