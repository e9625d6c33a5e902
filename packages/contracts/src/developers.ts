import { z } from 'zod/mini';
import { NotificationTypeSchema } from './notifications';
import { emailSchema } from './validation';

/**
 * Settings → Developers (spec 002 §2 Developers, §3, §7 Settings, §8): the shared dataset, API
 * keys, the notification token and the GA4 service-account e-mails of one organization.
 */

/** The categories of the Developers tab, in order; the first is the default (spec 002 §2). */
export const DEVELOPER_CATEGORIES = ['shared-dataset', 'api-key', 'notification-token', 'ga4'] as const;
export type DeveloperCategory = (typeof DEVELOPER_CATEGORIES)[number];

export const DeveloperErrorType = {
  /** The API key names no key, a revoked one, or is not a key at all. */
  invalidApiKey: 'invalid_api_key',
  /** A read-only key asked for a change. */
  apiKeyReadOnly: 'api_key_read_only',
  /** What only a signed-in person may do (create keys, rotate the token, share the dataset, ...). */
  apiKeyNotAllowed: 'api_key_not_allowed',
  /** The notification token is missing, malformed, rotated away or names no organization. */
  invalidNotificationToken: 'invalid_notification_token',
  apiKeyNotFound: 'api_key_not_found',
  notShared: 'dataset_not_shared',
  /** SQL on the shared dataset that is not one read of it (a write, a file, another organization). */
  sqlRefused: 'sql_refused',
  /** The engine refused or failed the query (an unknown table, a syntax error). */
  sqlFailed: 'sql_failed',
  /** The query ran past the time limit. */
  sqlTimeout: 'sql_timeout',
  /** A PostgreSQL destination refused to make or drop a reader's login (its user lacks CREATEROLE, say). */
  databaseRoleFailed: 'database_role_failed',
} as const;
export type DeveloperErrorType = (typeof DeveloperErrorType)[keyof typeof DeveloperErrorType];

/** The dataset guidance of spec 002 §2: the warehouse dataset the organization's data lives in. */
export function sharedDatasetName(organizationId: string): string {
  return `prj_${organizationId.replaceAll('-', '')}_db`;
}

/** API keys: their shape, so a client can tell one from a session token without a round trip. */
export const API_KEY_PREFIX = 'mk_';
export const NOTIFICATION_TOKEN_PREFIX = 'nt_';
export const apiKeyLimits = { nameMaxLength: 100, perOrganization: 20 } as const;

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; never enough to use it. */
  prefix: z.string(),
  read_only: z.boolean(),
  created_at: z.iso.datetime(),
  /** Kept to the minute; null until first used. */
  last_used_at: z.nullable(z.iso.datetime()),
  created_by: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeyListResponseSchema = z.object({ keys: z.array(ApiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;

export const CreateApiKeySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(apiKeyLimits.nameMaxLength)),
  /** Read-only unless the creator chooses otherwise. */
  read_only: z._default(z.boolean(), true),
});
export type CreateApiKey = z.input<typeof CreateApiKeySchema>;
/** spec 002 §3 API key record: `key`, shown this once and never again. */
export const CreatedApiKeySchema = z.object({ ...ApiKeySchema.shape, key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
export const ApiKeyParamsSchema = z.object({ id: z.uuid(), keyId: z.uuid() });

/** The notification token as listed: never the token itself after it was shown. */
export const NotificationTokenSchema = z.object({
  prefix: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.nullable(z.iso.datetime()),
});
export type NotificationToken = z.infer<typeof NotificationTokenSchema>;
/** POST …/notification-token takes an empty JSON object: a POST with a body, refused when unparsable. */
export const RotateNotificationTokenSchema = z.strictObject({});
/** spec 002 §3 Notification token record: `access_token`, shown once when made or rotated. */
export const RotatedNotificationTokenSchema = z.object({
  ...NotificationTokenSchema.shape,
  access_token: z.string(),
});
export type RotatedNotificationToken = z.infer<typeof RotatedNotificationTokenSchema>;

/** POST /api/notifications with the notification token: what an outside system tells the organization. */
export const PostNotificationSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  body: z._default(z.string().check(z.maxLength(10_000)), ''),
  type: z._default(NotificationTypeSchema, 'info'),
});
export type PostNotification = z.input<typeof PostNotificationSchema>;
export const PostNotificationResponseSchema = z.object({ id: z.uuid() });

/** The shared dataset (spec 002 §7): who it is shared with. */
export const DatasetShareSchema = z.object({
  email: z.string(),
  created_at: z.iso.datetime(),
});
export type DatasetShare = z.infer<typeof DatasetShareSchema>;
export const SharedDatasetResponseSchema = z.object({
  dataset: z.string(),
  users: z.array(DatasetShareSchema),
});
export type SharedDatasetResponse = z.infer<typeof SharedDatasetResponseSchema>;
export const ShareDatasetSchema = z.object({ email: emailSchema });
/** spec 002 §7: share answers success and message. */
export const ShareDatasetResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type ShareDatasetResponse = z.infer<typeof ShareDatasetResponseSchema>;
export const UnshareDatasetQuerySchema = z.object({ email: emailSchema });

/** Read-only SQL on the shared dataset: its limits (decision 574), the MCP SQL tool's too. */
export const DATASET_SQL_LIMITS = {
  maxLength: 20_000,
  defaultRows: 200,
  maxRows: 1_000,
  timeoutMs: 15_000,
} as const;

/** POST /api/organizations/{id}/shared-dataset/sql: one read-only SELECT on the dataset. */
export const DatasetSqlRequestSchema = z.object({
  sql: z.string().check(z.minLength(1), z.maxLength(DATASET_SQL_LIMITS.maxLength)),
  limit: z._default(
    z.int().check(z.minimum(1), z.maximum(DATASET_SQL_LIMITS.maxRows)),
    DATASET_SQL_LIMITS.defaultRows,
  ),
});
export type DatasetSqlRequest = z.input<typeof DatasetSqlRequestSchema>;
export const DatasetSqlResponseSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.record(z.string(), z.unknown())),
  /** More rows matched than `limit`: only the first `limit` are here. */
  truncated: z.boolean(),
});
export type DatasetSqlResponse = z.infer<typeof DatasetSqlResponseSchema>;

/** spec 002 §3 GA4 emails: the service accounts to grant in Google Analytics. */
export const Ga4EmailsResponseSchema = z.object({
  emails: z.array(z.string()),
  /** The product's own service account, shown when `emails` is empty. */
  fallback: z.string(),
});
export type Ga4EmailsResponse = z.infer<typeof Ga4EmailsResponseSchema>;
