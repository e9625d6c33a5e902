import type { ServiceCategory, SyncStatus } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible text of the sources area (spec 001 §2, §5, §8), verbatim where the spec has one. */
export const sourcesMessages = {
  title: 'Sources',
  addTitle: 'Add source',
  addSource: 'Add source',
  addDescription: 'Choose a service to connect. Its data loads into your reports once it is connected.',
  upgradeForMoreAccounts: 'Upgrade plan for more accounts',
  upgradePlan: 'Upgrade plan',
  connectSources: 'Connect sources',
  emptyDescription:
    'Connect your advertising, analytics, search, app store and e-mail services to load their data into your reports.',
  paymentCompleted: 'Payment completed successfully.',
  columns: { account: 'Source Account', status: 'Status', date: 'Date', actions: 'Actions' },
  reconnect: 'Reconnect',
  delete: 'Delete',
  areYouSure: 'Are you sure?',
  needsReconnect: 'Access was revoked at the provider.',
  /** While an account's older history loads behind its recent days (decision 660). */
  backfilling: (percent: number) => `Backfilling history: ${percent}%`,
  loadFailed: 'Failed loading sources',
  /** Meta Ads: which action types count as conversions (issue 30). */
  conversions: {
    openLabel: (service: string) => `Conversion settings of ${service}`,
    title: 'Meta Ads conversions',
    description:
      'Meta reports every action its ads bring. Choose the ones your reports count as conversions. The choice applies from the next data load.',
    custom: 'Custom conversions',
    customHint: 'Every custom conversion defined in Events Manager',
    defaultBadge: 'Default',
    save: 'Save',
    saved: 'Saved. Conversions follow this choice from the next data load.',
    useDefaults: 'Use defaults',
    readOnly: 'Only administrators change what counts as a conversion.',
    none: 'No Meta action counts as a conversion: Meta Ads will show no conversions.',
  },
  retry: 'Try again',
  backToSources: 'Back to sources',
  backToAddSource: 'Back to add source',
  // Authorization (spec 001 §8).
  connecting: 'Connecting…',
  authorizationStartFailed: 'Could not start the authentication process.',
  redirectionError: 'Redirection error',
  redirectionErrorHint:
    'The details of the authorization were not found in this browser. Start connecting the source again.',
  verifyFailed: 'Failed loading service accounts',
  loadingAccounts: 'Loading accounts…',
  // Account selection (spec 001 §2, §5, §8).
  selectTitle: 'Select accounts',
  accountColumns: { name: 'Account Name', id: 'Account ID' },
  connect: 'Connect',
  cancel: 'Cancel',
  selectAtLeastOne: 'You have to select at least one account',
  noAccounts: 'No accounts to select from',
  connectFailed: 'An error occured, please try again.',
  overlappedHint: 'Covered by a selected domain property',
  facebookEmptyTitle: 'No ad accounts were found for this Facebook user.',
  facebookEmptyDescription:
    'Reconnect with a user who has access to your ad accounts, or add the ad account to your business in the Meta Business Manager.',
  facebookAddAdAccount: 'Add an ad account',
  // Setup screens (spec 001 §2, §5, §8).
  guide: 'Guide',
  save: 'Save',
  apiKey: 'API Key',
  apiCredentialsFailed: 'Failed saving API credentials',
  fillAllFields: 'Please fill all fields',
  appleFields: { clientId: 'Client ID', teamId: 'Team ID', keyId: 'Key ID', publicKey: 'Public Key' },
  copyPublicKey: 'Copy public key',
  copyServiceAccount: 'Copy service account',
  copied: 'Copied',
  publicKeyLoadFailed: 'Failed loading the public key',
  projectId: 'Project Id',
  datasetId: 'Dataset Id',
  uniqueAccountMissing: 'Unable to retrieve unique account. Please try again.',
  uniqueAccountFailed: 'Failed loading unique service account',
  bucket: 'Cloud Storage URI',
  invalidBucket: 'Invalid bucket id',
  authorizeWithGoogle: 'Sign in with Google',
  authorized: 'Authorized',
  authorizeAgain: 'Authorize again',
  unknownService: 'This service is not available.',
} as const;

export const categoryLabels: Record<ServiceCategory, string> = {
  advertising: 'Advertising',
  analytics: 'Analytics',
  search: 'Search',
  app_stores: 'App Stores',
  email: 'Email',
};

export const statusLabels: Record<SyncStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  failed: 'Failed',
  finished: 'Finished',
};

/** spec 001 §2 toast after a connection. */
export function connectedMessage(service: string): string {
  return `${service} connected succesfully.`;
}

export function accountCount(count: number): string {
  return `${count} ${count === 1 ? 'account' : 'accounts'}`;
}

/** Beside a service whose accounts' access was revoked at the provider. */
export function reconnectNeededLabel(count: number): string {
  return count === 1 ? '1 needs reconnecting' : `${count} need reconnecting`;
}

/** Under the account selection's title. */
export function selectDescription(service: string): string {
  return `Choose the ${service} accounts to connect.`;
}

/** spec 001 §2 sources/add banner. */
export function addSourceErrorMessage(error: string): string {
  return `Something went wrong, please try again later or try again with a different account. (${error})`;
}

/**
 * spec 001 §8: `Error {status}: {detail}` when the server answered (detail is the provider's or the
 * server's message, else the error type), else the screen's fallback.
 */
export function statusErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0 || error.type === 'config_unavailable') return fallback;
  const message = error.detail?.message;
  const detail = typeof message === 'string' && message !== '' ? message : error.type;
  return `Error ${error.status}: ${detail}`;
}

/** A failed delete shows its message (spec 001 §8): the server's, else its status and type. */
export function deleteFailedMessage(error: unknown): string {
  return statusErrorMessage(error, sourcesMessages.connectFailed);
}
