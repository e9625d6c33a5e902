import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { hashToken } from '../../platform/secure-token';
import type { OrganizationsService } from '../organizations';
import { assistantGrantsRepository as repository } from './repository';

export function createAssistantAuthService(
  platform: Pick<Platform, 'database'>,
  services: { organizations: OrganizationsService },
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
  };
}
export type AssistantAuthService = ReturnType<typeof createAssistantAuthService>;
