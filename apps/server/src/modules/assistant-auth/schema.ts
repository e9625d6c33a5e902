import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { datasets, organizationIdColumn } from '../organizations/schema';
import { userIdColumn } from '../users/schema';

/**
 * A user's grant of one dataset to the AI assistant holding `mcp_auth_token` (spec 000 §2
 * organization-select and dataset-select). The MCP server honours these; the token is stored hashed.
 * `client_id` is the OAuth client the grant was completed for; revoking the grant (or removing
 * the member) ends every token issued under it.
 */
export const assistantGrants = pgTable(
  'assistant_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    userId: userIdColumn(),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    clientId: text('client_id'),
    clientName: text('client_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  () => [tenantPolicy('assistant_grants')],
).enableRLS();

/**
 * OAuth clients registered dynamically (RFC 7591) by MCP assistants. Public clients (PKCE, no
 * secret); not an organization's rows: an assistant registers before anyone signs in.
 */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  clientName: text('client_name').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An authorization request waiting for its user's organization and dataset selection: what
 * `/oauth/authorize` was asked, keyed by the hash of the `mcp_auth_token` the selection screens
 * carry. Used once, short-lived.
 */
export const oauthRequests = pgTable('oauth_requests', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  state: text('state'),
  resource: text('resource').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export type AssistantTokenKind = 'code' | 'access' | 'refresh';

/**
 * Authorization codes, access tokens and refresh tokens of a grant, each stored as its hash.
 * Refresh tokens of one chain share `family_id`; a rotated one presented again revokes the family.
 */
export const assistantTokens = pgTable(
  'assistant_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => assistantGrants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AssistantTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    resource: text('resource').notNull(),
    /** Codes only: what the token request must match. */
    codeChallenge: text('code_challenge'),
    redirectUri: text('redirect_uri'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A code exchanged, a refresh token rotated. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  () => [tenantPolicy('assistant_tokens')],
).enableRLS();

/** Every MCP tool call: who, which assistant, which tool, when, how many rows (the audit log). */
export const assistantCalls = pgTable(
  'assistant_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => assistantGrants.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    clientId: text('client_id').notNull(),
    tool: text('tool').notNull(),
    outcome: text('outcome').$type<'ok' | 'error'>().notNull(),
    rows: integer('rows'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('assistant_calls')],
).enableRLS();
