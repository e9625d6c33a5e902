import { z } from 'zod/mini';

/**
 * Data sources (spec 001 §2 Sources, §3 entities, §7 calls): connected service accounts, the
 * authorization flow, and the setup calls of the non-OAuth services.
 */

export const SyncStatusSchema = z.enum(['pending', 'running', 'failed', 'finished']);
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

/** spec 001 §3 Service account, plus what the sources page shows beside it. */
export const ServiceAccountSchema = z.object({
  uuid: z.uuid(),
  /** The provider's id of the account (customer id, ad account id, property, bucket...). */
  identifier: z.string(),
  name: z.string(),
  id_label: z.string(),
  /** The service id (`google_ads`...). */
  service: z.string(),
  service_uuid: z.uuid(),
  sync_status: SyncStatusSchema,
  sync_error: z.nullable(z.string()),
  connected_at: z.iso.datetime(),
  /** When data was last loaded successfully; null before the first load. */
  last_synced_at: z.nullable(z.iso.datetime()),
  /** The provider refused the stored credentials (revoked grant): only Reconnect helps. */
  needs_reconnect: z.boolean(),
  /**
   * While the account's older history loads behind its recent days (decision 660): how much of
   * the history is in, 0 to 99; null when nothing older is due.
   */
  backfill_percent: z.nullable(z.int().check(z.minimum(0), z.maximum(99))),
  /**
   * The provider's time zone of the account (IANA), whose calendar its days are on; null when the
   * provider has none or did not say (its days are then counted in UTC).
   */
  time_zone: z.nullable(z.string()),
  organization_id: z.uuid(),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

export const ServiceAccountListResponseSchema = z.object({ service_accounts: z.array(ServiceAccountSchema) });
export type ServiceAccountListResponse = z.infer<typeof ServiceAccountListResponseSchema>;

/** The sidebar's warning icon: accounts that failed or need reconnecting. */
export const ServiceAccountWarningsResponseSchema = z.object({
  count: z.int().check(z.minimum(0)),
  accounts: z.array(z.uuid()),
});
export type ServiceAccountWarningsResponse = z.infer<typeof ServiceAccountWarningsResponseSchema>;

export const DeleteServiceAccountQuerySchema = z.object({ organization_id: z.uuid(), uuid: z.uuid() });
export const DeleteServiceAccountResponseSchema = z.object({ deleted: z.uuid() });

/** spec 001 §3 Selectable account: a node of the account tree on integrations/add. */
export const SelectableAccountSchema = z.object({
  identifier: z.string(),
  id_label: z.string(),
  name: z.string(),
  parent_id: z.nullable(z.string()),
  /** false for grouping nodes (a manager account, a business) that cannot be connected themselves. */
  selectable: z.boolean(),
  metadata: z.object({
    thumbnail_url: z.nullable(z.string()),
    /** The account's time zone as its provider reports it (IANA); null for a grouping node or none. */
    time_zone: z.optional(z.nullable(z.string())),
  }),
});
export type SelectableAccount = z.infer<typeof SelectableAccountSchema>;

export const ServiceIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const OAuthStartRequestSchema = z.object({
  serviceUuid: z.uuid(),
  organization_id: z.uuid(),
});
export const OAuthStartResponseSchema = z.object({ authorization_url: z.url() });
export type OAuthStartResponse = z.infer<typeof OAuthStartResponseSchema>;

export const OAuthVerifyRequestSchema = z.object({
  serviceUuid: z.uuid(),
  organization_id: z.uuid(),
  code: z.string().check(z.minLength(1), z.maxLength(4096)),
  state: z.string().check(z.minLength(1), z.maxLength(512)),
  /** Service specifics: Google Play's Cloud Storage URI (`bucket`). */
  metadata: z.optional(z.record(z.string(), z.string().check(z.maxLength(1024)))),
});
/** spec 001 §3 Verification result of an authorization. */
export const VerificationResultSchema = z.object({
  accounts: z.array(SelectableAccountSchema),
  credentials_id: z.uuid(),
  single_account: z.boolean(),
});
export type VerificationResult = z.infer<typeof VerificationResultSchema>;

export const ConnectAccountsRequestSchema = z.object({
  organization_id: z.uuid(),
  credentialsId: z.uuid(),
  /** Identifiers of the chosen accounts, from the verification result. */
  accounts: z.array(z.string().check(z.minLength(1), z.maxLength(512))).check(z.maxLength(500)),
});

export const PublicKeyQuerySchema = z.object({ serviceUUID: z.uuid(), organization_id: z.uuid() });
export const PublicKeyResponseSchema = z.object({ public_key: z.string() });

/** Moosend: the API key is verified against the provider, then its account is connected. */
export const ApiCredentialsRequestSchema = z.object({
  serviceUuid: z.uuid(),
  organization_id: z.uuid(),
  apiCreds: z.object({ apiKey: z.string().check(z.trim(), z.minLength(1), z.maxLength(512)) }),
});

/** GA4 events (BigQuery export): the dataset is verified with the product's service account. */
export const UniqueAccountRequestSchema = z.object({
  serviceUuid: z.uuid(),
  organization_id: z.uuid(),
  projectId: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  datasetId: z.string().check(z.trim(), z.minLength(1), z.maxLength(1024)),
});

/** Apple Ads: the credentials Apple shows after the product's public key is uploaded. */
export const AppleAdsAccountsRequestSchema = z.object({
  serviceUuid: z.uuid(),
  organization_id: z.uuid(),
  clientId: z.string().check(z.trim(), z.minLength(1), z.maxLength(256)),
  teamId: z.string().check(z.trim(), z.minLength(1), z.maxLength(256)),
  keyId: z.string().check(z.trim(), z.minLength(1), z.maxLength(256)),
  publicKey: z.string().check(z.trim(), z.minLength(1), z.maxLength(4096)),
});

/** The product's Google service account that GA4 exports are shared with (the guide's step 4). */
export const ServiceAccountEmailResponseSchema = z.object({ email: z.string() });

export const SourcesErrorType = {
  serviceNotFound: 'service_not_found',
  /** The service is not in the plan's integrations and the plan is not a trial. */
  planUpgradeRequired: 'plan_upgrade_required',
  /** The plan's can_add_accounts is false. */
  accountLimitReached: 'account_limit_reached',
  wrongAuthKind: 'wrong_auth_kind',
  serviceNotConfigured: 'service_not_configured',
  invalidState: 'invalid_state',
  credentialsNotFound: 'credentials_not_found',
  noAccountsSelected: 'no_accounts_selected',
  unknownAccount: 'unknown_account',
  overlappingProperties: 'overlapping_properties',
  serviceAccountNotFound: 'service_account_not_found',
  /** The provider refused: detail carries `provider_status` and the provider's `message`. */
  providerError: 'provider_error',
  invalidBucket: 'invalid_bucket',
} as const;

/** Google Play's Cloud Storage URI (spec 001 §5): `gs://` followed by non-space characters. */
export const GOOGLE_PLAY_BUCKET_PREFIX = 'gs://';
export const GOOGLE_PLAY_BUCKET_PATTERN = /^gs:\/\/\S+$/;

/**
 * Search Console properties (spec 001 §5): a domain property `sc-domain:example.com` covers every
 * URL-prefix property on that domain or a subdomain (`https://www.example.com/`). Both cannot be
 * chosen: the overlapped URL-prefix property is disabled and deselected. Returns the identifiers
 * that `selected` makes unavailable.
 */
export function overlappedProperties(selected: readonly string[], all: readonly string[]): Set<string> {
  const domains = selected
    .filter((id) => id.startsWith('sc-domain:'))
    .map((id) => id.slice(10).toLowerCase());
  const overlapped = new Set<string>();
  for (const id of all) {
    if (id.startsWith('sc-domain:')) continue;
    let host: string;
    try {
      host = new URL(id).hostname.toLowerCase();
    } catch {
      continue;
    }
    if (domains.some((domain) => host === domain || host.endsWith(`.${domain}`))) overlapped.add(id);
  }
  return overlapped;
}
