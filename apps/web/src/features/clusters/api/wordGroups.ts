import { WordGroupsResponseSchema, type WordGroup, type WordGroupInput } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /clustering/wordgroups. */
export async function listWordGroups(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<WordGroup[]> {
  const answer = await client.get('/clustering/wordgroups', {
    query: { organization_id: organizationId },
    parse: (data) => WordGroupsResponseSchema.parse(data),
  });
  return answer.wordgroups;
}

/**
 * PUT /clustering/wordgroups: the whole list (groups left out are deleted); deleting groups that
 * rules read needs `deleteReferences`, which the user confirmed.
 */
export async function saveWordGroups(
  organizationId: string,
  wordgroups: WordGroupInput[],
  deleteReferences: boolean,
  client: ApiClient = apiClient,
): Promise<WordGroup[]> {
  const answer = await client.put('/clustering/wordgroups', {
    body: { organization_id: organizationId, wordgroups, delete_references: deleteReferences },
    parse: (data) => WordGroupsResponseSchema.parse(data),
  });
  return answer.wordgroups;
}
