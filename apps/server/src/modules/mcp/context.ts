import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Auth, OrganizationAccess } from '../../platform/guards';
import type { McpGrant, OAuthService } from '../assistant-auth';
import type { BookmarksService } from '../bookmarks';
import type { ModellingService } from '../modelling';
import type { ReportsService } from '../reports';

/** Who is calling: the grant behind the token, as the organization's services see a member. */
export type McpCaller = {
  grant: McpGrant;
  access: OrganizationAccess;
  auth: Auth;
  /** The organization's slug: the links the tools return open its pages. */
  organizationSlug: string;
};

export type McpDeps = {
  oauth: Pick<OAuthService, 'verify' | 'resource'>;
  /** The member behind a grant as the guards would see them; null when they are no member now. */
  caller(grant: McpGrant): Promise<McpCaller | null>;
  /** The audit log (assistant-auth): one row per tool call. */
  record(grant: McpGrant, tool: string, outcome: 'ok' | 'error', rows: number | null): Promise<void>;
  /** Whether the organization's plan includes database access (billing's entitlements): SQL needs it. */
  hasDatabaseAccess(organizationId: string): Promise<boolean>;
  modelling: Pick<ModellingService, 'models' | 'semanticModels' | 'readOnlySql'>;
  reports: Pick<ReportsService, 'access' | 'query'>;
  bookmarks: Pick<BookmarksService, 'list' | 'create'>;
  appUrl: string;
};

/** What a tool answers: its JSON, and how many rows it returned (for the audit log). */
export type ToolAnswer = { data: unknown; rows: number | null };

export function jsonResult(data: unknown): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(data) }],
    structuredContent: { result: data as Record<string, unknown> },
  };
}

export function errorResult(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}
