import { PLAN_LIMIT_MESSAGES, type DeveloperCategory } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible message of Settings → Developers (spec 002 §2, §6, §8), verbatim where the spec has one. */
export const developersMessages = {
  categories: {
    'shared-dataset': 'Shared dataset',
    'api-key': 'API key',
    'notification-token': 'Notification token',
    ga4: 'GA4',
  } satisfies Record<DeveloperCategory, string>,
  /** spec 002 §6. */
  upgradeForDatasetAccess: PLAN_LIMIT_MESSAGES.database_access,
  readOnlyNote: 'Only admins manage developer access.',
  shareTitle: 'Share the dataset',
  shareDescription:
    "People you share with get read-only SQL access to the dataset that holds this organization's data.",
  share: 'Share',
  sharedWith: 'Shared with',
  notShared: 'The dataset is not shared with anyone yet.',
  unshare: 'Unshare',
  sharedLoadFailed: 'There was an issue getting the shared users.',
  roleFailed:
    'Your PostgreSQL destination could not make a read-only login: its user needs the CREATEROLE privilege.',
  accessTitle: 'How they read it',
  accessApi: 'Signed in with the e-mail you shared with, they send one SELECT to',
  accessApiEndpoint: (organizationId: string) =>
    `POST /api/organizations/${organizationId}/shared-dataset/sql`,
  accessApiKeys: '(members can use an API key).',
  accessPostgres:
    'PostgreSQL destination: each person gets a read-only login of their own on your database, with its password by e-mail. Unsharing removes it at once. Your destination user needs CREATEROLE.',
  accessBigQuery:
    'BigQuery destination: in the Google Cloud console, grant them BigQuery Data Viewer on the datasets analytics and raw, and BigQuery Job User on the project.',
  accessDatabricks:
    'Databricks destination: in Unity Catalog, grant them USE CATALOG on your catalog, and USE SCHEMA and SELECT on its analytics and raw schemas.',
  accessRevokeNote: 'On BigQuery and Databricks, revoke those grants there too when you unshare.',
  apiKeyTitle: 'API keys',
  apiKeyDescription:
    "A key calls this organization's API routes, sent as the header Authorization: Bearer <key>. Read-only keys only read.",
  keyName: 'Name',
  readWrite: 'Allow changes (read-write)',
  createKey: 'Create key',
  noKeys: 'No API keys yet.',
  revoke: 'Revoke',
  confirmRevokeTitle: 'Revoke API key',
  confirmRevoke: (name: string) => `The key “${name}” will stop working at once.`,
  secretOnce: 'Copy it now: it is shown only this once.',
  copy: 'Copy',
  copied: 'Copied',
  never: 'Never',
  readOnly: 'Read-only',
  readWriteBadge: 'Read-write',
  tokenTitle: 'Notification token',
  tokenDescription:
    'Outside systems post notifications to this organization: POST /api/notifications with the header Authorization: Bearer <token>.',
  noToken: 'No notification token yet.',
  createToken: 'Create token',
  rotateToken: 'Rotate token',
  confirmRotateTitle: 'Rotate notification token',
  confirmRotate: 'The current token stops working at once.',
  ga4Title: 'Google Analytics 4',
  ga4Description: 'Grant these service accounts the Viewer role on your GA4 property.',
  ga4Fallback: 'No service account of your own: grant the product’s service account.',
  actionFailed: 'That did not work. Try again.',
} as const;

/** spec 002 §8: 'Error loading api key / api token / GA4 emails: {type}'. */
export function loadErrorMessage(what: 'api key' | 'api token' | 'GA4 emails', error: unknown): string {
  const type = isApiError(error) ? error.type : 'unknown_error';
  return `Error loading ${what}: ${type}`;
}

/** The share's failure in words: a PostgreSQL destination that cannot make logins, or anything else. */
export function shareErrorMessage(error: unknown): string {
  return isApiError(error) && error.type === 'database_role_failed'
    ? developersMessages.roleFailed
    : developersMessages.actionFailed;
}

/** The plan refusal of a share, else null. */
export function isDatasetPlanRefusal(error: unknown): boolean {
  return isApiError(error) && error.type === 'plan_limit_reached';
}
