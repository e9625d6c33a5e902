// Public option types of the sandbox identity providers and the shapes shared inside the folder.

/** Google and Microsoft are OpenID Connect providers; Meta is Facebook Login (plain OAuth 2.0). */
export type SandboxProvider = 'google' | 'microsoft' | 'meta';

/** An OAuth client registered with a sandbox provider (a confidential web app). */
export type SandboxClient = {
  clientId: string;
  clientSecret: string;
  /** Exact-match list, as both providers compare them. */
  redirectUris: string[];
  /** The app name shown on the consent page; defaults to the client id. */
  name?: string;
};

/** A test account offered on the consent page. Ids (`sub`, `oid`) are derived from the email. */
export type SandboxAccountInput = {
  email: string;
  name: string;
  /** Google's `email_verified`; defaults to true. */
  emailVerified?: boolean;
  /** Microsoft only: the account's home tenant; defaults to the sandbox tenant. */
  tenantId?: string;
};

export type SandboxIdentityOptions = {
  provider: SandboxProvider;
  /** Absolute URL of the mount, e.g. http://localhost:8000/sandbox/google (no trailing slash needed). */
  publicBaseUrl: string;
  clients: SandboxClient[];
  /** Replaces the provider's built-in test accounts. */
  accounts?: SandboxAccountInput[];
  /** Clock in epoch milliseconds; tests hand in their own to expire codes and tokens. */
  now?: () => number;
};

/** A resolved account: names split, stable ids derived. */
export type SandboxAccount = {
  /** Unique within a provider instance: the email (Google, Meta) or `tenantId/email` (Microsoft). */
  key: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
  /** Google: the numeric `sub`. Microsoft: the `oid`, unique per tenant. Meta: the app-scoped user id. */
  userId: string;
  /** Microsoft only. */
  tenantId: string | null;
};

/** What the user granted one client: carried from the consent to codes and tokens. */
export type Grant = {
  clientId: string;
  account: SandboxAccount;
  scopes: string[];
  nonce: string | null;
  /** Whether the authorization asked for a refresh token (see ProviderProfile.wantsRefreshToken). */
  offline: boolean;
};

/** The provider-specific half: claims, refresh-token rules and names. */
export type ProviderProfile = {
  displayName: string;
  requiresPkce: boolean;
  /** Google: `access_type=offline`; Microsoft: the `offline_access` scope; Meta: never. */
  wantsRefreshToken(query: { scopes: string[]; accessType: string | null }): boolean;
  /** Microsoft returns a new refresh token on each refresh; Google keeps the first one. */
  rotatesRefreshToken: boolean;
  /** Extra members of every successful token response (Microsoft's `ext_expires_in`). */
  tokenResponseExtras: Record<string, unknown>;
  idTokenClaims(grant: Grant, token: { accessToken: string; iat: number }): Record<string, unknown>;
  userinfo(grant: Grant): Record<string, unknown>;
};
