import type { AssistantAuthorization } from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { hashToken } from '../../platform/secure-token';
import type { OrganizationsService } from '../organizations';
import type { McpGrant } from './oauth';
import { assistantCallsRepository as calls, assistantGrantsRepository as repository } from './repository';

export function createAssistantAuthService(
  platform: Pick<Platform, 'database'>,
  services: { organizations: OrganizationsService },
  now: () => Date = () => new Date(),
) {
  const { db } = platform.database;
  return {
    /**
     * Grants one of the organization's datasets to the assistant holding `mcpAuthToken` (kept
     * as its hash); a token is granted once.
     */
    async grant(organizationId: string, userId: string, datasetId: string, mcpAuthToken: string) {
      const datasets = await services.organizations.listDatasets(organizationId);
      if (!datasets.some((dataset) => dataset.id === datasetId)) {
        throw new AppError(404, 'dataset_not_found', { message: 'Dataset not found' });
      }
      const tokenHash = hashToken(mcpAuthToken);
      const grant = await withOrganization(db, organizationId, (tx) =>
        repository.insert(tx, { organizationId, userId, datasetId, tokenHash }),
      );
      if (!grant)
        throw new AppError(409, 'token_already_used', {
          message: 'This assistant token was already authorized',
        });
      return {
        grant_id: grant.id,
        user_id: grant.userId,
        organization_id: grant.organizationId,
        dataset_id: grant.datasetId,
        created_at: grant.createdAt.toISOString(),
      };
    },

    /**
     * The assistants authorized in the organization and not revoked: every member's for owners and
     * admins, a member's own otherwise (decision 576).
     */
    async list(access: OrganizationAccess, userId: string): Promise<AssistantAuthorization[]> {
      const [rows, datasets, members] = await Promise.all([
        withOrganization(db, access.organizationId, (tx) => repository.listActive(tx)),
        services.organizations.listDatasets(access.organizationId),
        services.organizations.members(access.organizationId),
      ]);
      const manager = access.role === 'owner' || access.role === 'admin';
      return rows
        .filter((row) => row.clientId !== null && (manager || row.userId === userId))
        .map((row) => ({
          id: row.id,
          client_name: row.clientName ?? 'AI assistant',
          client_id: row.clientId,
          dataset_id: row.datasetId,
          dataset_name: datasets.find((d) => d.id === row.datasetId)?.name ?? '',
          user_id: row.userId,
          user_email: members.find((m) => m.id === row.userId)?.email ?? null,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt?.toISOString() ?? null,
        }));
    },

    /** Revokes an authorization and every token issued under it, at once. */
    async revoke(access: OrganizationAccess, userId: string, id: string): Promise<void> {
      const manager = access.role === 'owner' || access.role === 'admin';
      await withOrganization(db, access.organizationId, async (tx) => {
        const grant = await repository.find(tx, id);
        if (grant === null || grant.revokedAt !== null || (!manager && grant.userId !== userId))
          throw new AppError(404, 'authorization_not_found', { message: 'Authorization not found' });
        await repository.revoke(tx, id, now());
      });
    },

    /** The audit log: one row per MCP tool call. */
    async record(grant: McpGrant, tool: string, outcome: 'ok' | 'error', rows: number | null) {
      await withOrganization(db, grant.organizationId, (tx) =>
        calls.insert(tx, {
          organizationId: grant.organizationId,
          grantId: grant.grantId,
          userId: grant.userId,
          clientId: grant.clientId,
          tool,
          outcome,
          rows,
        }),
      );
    },
  };
}
export type AssistantAuthService = ReturnType<typeof createAssistantAuthService>;
