// The one Connector interface every data service implements (issue 4). A connector is production
// code: it talks HTTP to base URLs from configuration (ProviderEndpoints), which point at the
// sandbox providers in development and tests.
import type { AuthKind, SelectableAccount } from '@maya/contracts';
import type { ProviderEndpoints, ProviderClients } from './endpoints';
import type { TokenSource } from './http';

export type ColumnType = 'string' | 'integer' | 'number' | 'date' | 'timestamp' | 'boolean';
export type StreamColumn = { name: string; type: ColumnType; nullable?: boolean };

/** One table a connector produces: its columns and primary key (loads upsert by it). */
export type StreamSchema = {
  name: string;
  description: string;
  columns: StreamColumn[];
  primaryKey: string[];
};

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

/** Rows of one stream, in batches so that a year of search terms never sits in memory at once. */
export type StreamBatch = { stream: string; rows: Row[] };

/** Inclusive ISO dates (YYYY-MM-DD), in the account's time zone as the provider reports it. */
export type DateRange = { from: string; to: string };

/** The account being extracted, as it was chosen on integrations/add. */
export type AccountRef = {
  identifier: string;
  parent_id: string | null;
  /** Service specifics kept at connect time (Search Console property kind, bucket path...). */
  metadata: Record<string, string>;
};

/** OAuth 2.0 token set, as stored (encrypted) for an oauth2 or gcs_bucket connection. */
export type OAuthTokens = {
  access_token: string;
  refresh_token: string | null;
  /** Epoch milliseconds; null when the provider did not say. */
  expires_at: number | null;
  scope: string | null;
};

/** What a connection stores, by auth kind. Secrets only; encrypted at rest by the server. */
export type Credentials =
  | { kind: 'oauth2'; tokens: OAuthTokens }
  | { kind: 'gcs_bucket'; tokens: OAuthTokens; bucket: string }
  | { kind: 'api_key'; api_key: string }
  | {
      kind: 'apple_ads_key_pair';
      client_id: string;
      team_id: string;
      key_id: string;
      private_key_pem: string;
    }
  | { kind: 'gcp_dataset'; project_id: string; dataset_id: string };

export type OAuthProvider = 'google' | 'microsoft' | 'meta';

export type ConnectorAuth =
  | {
      kind: 'oauth2' | 'gcs_bucket';
      provider: OAuthProvider;
      scopes: string[];
      /** Extra authorize parameters (Google: access_type=offline, prompt=consent). */
      authorizeParams: Record<string, string>;
      pkce: boolean;
    }
  | { kind: Exclude<AuthKind, 'oauth2' | 'gcs_bucket'> };

export type ConnectorContext = {
  endpoints: ProviderEndpoints;
  clients: ProviderClients;
  credentials: Credentials;
  /** The connection's Authorization (OAuth tokens refreshed as needed); null for API-key services. */
  auth: TokenSource | null;
  /** Injected in tests and the benchmark; default the global fetch and a real sleep. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
};

/** What a connector's own authentication needs (Apple's client secret JWT, a service account). */
export type AuthenticateInput = Pick<ConnectorContext, 'endpoints' | 'clients' | 'credentials' | 'fetch'>;

export type Connector = {
  /** The service id of the catalogue (`google_ads`...). */
  id: string;
  auth: ConnectorAuth;
  streams: StreamSchema[];
  /** Days re-read by every incremental load because the provider revises them (conversions settle late). */
  lookbackDays: number;
  /** Builds Authorization for auth kinds other than the OAuth code flow; the OAuth default otherwise. */
  authenticate?: (input: AuthenticateInput) => TokenSource;
  /** The account tree offered on integrations/add (or verified for the setup screens). */
  listAccounts(context: ConnectorContext): Promise<SelectableAccount[]>;
  /**
   * The provider names each account's time zone, and `listAccounts` gives it as
   * `metadata.time_zone` (decision 730): an account connected before zones were asked for learns
   * its zone at its next load. Absent: the provider names none, and the account counts in UTC.
   */
  accountTimeZones?: true;
  /**
   * Streams the account's rows for the date range, batch by batch (never an empty one). With
   * `streams`, only those streams are requested from the provider; a name the connector does not
   * produce throws (defineConnector, connector.ts).
   */
  extract(
    context: ConnectorContext,
    account: AccountRef,
    range: DateRange,
    streams?: readonly string[],
  ): AsyncIterable<StreamBatch>;
  /**
   * For a provider whose new API version renamed its accounts (Apple's org ids became ad-account
   * ids): the account's identity in the API the connector calls now, null when `account` already
   * has it. Throws a ProviderError when the provider maps it to no account (or to several).
   */
  migrateAccount?(context: ConnectorContext, account: AccountRef): Promise<AccountIdentity | null>;
};

/** An account's identity as the provider names it (the columns of a connected account). */
export type AccountIdentity = { identifier: string; id_label: string; name: string };
