import { isApiError } from '../../shared/api/ApiError';
import { CANT_CONNECT_MESSAGE, describeApiError } from '../../shared/api/describeError';

/** Every user-visible message of the assistant authorization (spec 000 §2, §8), verbatim. */
export const assistantAuthMessages = {
  searchOrganizations: 'Search organizations...',
  searchDatasets: 'Search datasets...',
  selectOrganization: 'Select Organization',
  selectOrganizationHint: 'Choose the organization your AI assistant may read data from.',
  noOrganizationsTitle: 'No Organizations Found',
  noOrganizations: "You don't belong to any organizations. Please contact your administrator.",
  errorLoadingOrganizations: 'Error Loading Organizations',
  authorize: 'Authorize',
  selectDataset: 'Select Dataset',
  selectDatasetHint: 'Choose the one dataset your AI assistant may query.',
  errorLoadingDatasets: 'Error Loading Datasets',
  noDatasetsTitle: 'No Datasets Found',
  noDatasets: 'This organization has no datasets you can share. Please contact your administrator.',
  authorizeDataset: 'Authorize Dataset',
  noMatches: 'Nothing matches your search.',
  incompleteLink:
    'This authorization link is incomplete: it needs mcp_auth_token and next. Start again from your AI assistant.',
  noOrganizationChosen: 'No organization was chosen. Go back and choose one first.',
  cantConnect: CANT_CONNECT_MESSAGE,
  unknownOrganization: 'The organization in this link could not be found. Go back and choose one.',
  invalidLink: 'This authorization link is not valid. Start again from your AI assistant.',
} as const;

/**
 * A failed datasets load: a link whose org_id is malformed (422) or names no organization of the
 * user's (404) says so in words; the validator's own text ('Too small: ...') is never shown.
 */
export function datasetsLoadError(error: unknown): string {
  if (isApiError(error) && (error.status === 404 || error.status === 422))
    return assistantAuthMessages.unknownOrganization;
  return describeApiError(error);
}

/** A refused grant: a malformed link (422) is named as such; the server's refusals keep its words. */
export function grantError(error: unknown): string {
  if (isApiError(error) && error.status === 422) return assistantAuthMessages.invalidLink;
  return describeApiError(error);
}

/** The authorized-assistants list of Settings → Developers (decision 576). */
export const authorizedAssistantsMessages = {
  title: 'Authorized AI assistants',
  description:
    'Assistants you or your colleagues connected through the MCP server. Each reads one dataset on behalf of the person who authorized it.',
  empty: 'No AI assistant is authorized for this organization.',
  loadFailed: 'The authorized assistants could not be loaded. Try again later.',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this assistant?',
  revokeMessage: 'The assistant loses access at once and has to be authorized again to read this dataset.',
  revokeFailed: 'The assistant could not be revoked. Try again.',
  neverUsed: 'never used',
  lastUsed: (when: string) => `last used ${when}`,
  authorizedBy: (who: string, when: string) => `authorized by ${who} on ${when}`,
} as const;
