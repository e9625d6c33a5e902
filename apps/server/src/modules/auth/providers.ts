import { createHash, randomBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/pool';
import { AppError } from '../../platform/errors';
import type { IdentityProvider } from '../users';
import { createOidcClient, type OidcClient } from './oidc';
import { createOauthStates } from './repository/oauth-states';

/** What a provider sign-in proves: a stable subject, and an e-mail that may or may not be verified. */
export type ProviderIdentity = {
  provider: IdentityProvider;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** The provider-signed ID token: handed back to the client to finish sign-up or merge with. */
  token: string;
};

/** The name to show the e-mail owner before a merge. */
export const displayName = (identity: ProviderIdentity) =>
  `${identity.firstName} ${identity.lastName}`.trim();

const STATE_TTL_MS = 10 * 60_000;

const invalidState = () =>
  new AppError(400, 'invalid_state', {
    message: 'This sign-in was not started in this browser, or it expired. Please sign in again.',
  });

export function createProviders(config: Config, db: Database) {
  const states = createOauthStates(db);
  const clients: Record<IdentityProvider, OidcClient | null> = {
    google: config.google ? createOidcClient(config.google) : null,
    microsoft: config.microsoft ? createOidcClient(config.microsoft) : null,
  };
  /** Microsoft sign-in started from the marketplace landing page returns to its own handler. */
  const redirectUri = (provider: IdentityProvider, isMona = false) =>
    provider === 'microsoft' && isMona
      ? `${config.appUrl}/microsoft/mona/redirect`
      : `${config.appUrl}/${provider}/redirect`;

  function client(provider: IdentityProvider): OidcClient {
    const found = clients[provider];
    if (!found)
      throw new AppError(404, `${provider}_not_configured`, {
        message: `${provider} sign-in is not configured`,
      });
    return found;
  }

  async function identityFrom(
    provider: IdentityProvider,
    token: string,
    nonce: string | null,
  ): Promise<ProviderIdentity> {
    const claims = await client(provider).verifyIdToken(token, nonce);
    return provider === 'google' ? googleIdentity(claims, token) : microsoftIdentity(claims, token);
  }

  /** fromCode, plus what the state row carried: the marketplace token of an is_mona sign-in. */
  async function fromCodeWithState(
    provider: IdentityProvider,
    code: string,
    state: string,
    browserHash: string | null,
  ): Promise<{ identity: ProviderIdentity; isMona: boolean; marketplaceToken: string | null }> {
    // The state is good only in the browser that started the sign-in (its maya_browser cookie):
    // a code and state carried to another browser by a link would sign that browser in as the
    // link's author (login CSRF).
    if (browserHash === null) throw invalidState();
    const row = await states.use(state, provider, browserHash);
    if (!row) throw invalidState();
    const idToken = await client(provider).exchangeCode({
      code,
      codeVerifier: row.codeVerifier,
      redirectUri: redirectUri(provider, row.isMona),
    });
    return {
      identity: await identityFrom(provider, idToken, row.nonce),
      isMona: row.isMona,
      marketplaceToken: row.marketplaceToken,
    };
  }

  return {
    /**
     * Where to send the browser; the state row keeps the PKCE verifier and nonce server-side,
     * and for a marketplace sign-in (is_mona) the marketplace token the landing page received.
     */
    async authorizationUrl(
      provider: IdentityProvider,
      isMona: boolean,
      marketplaceToken: string | null,
      browserHash: string,
    ): Promise<string> {
      const state = randomBytes(24).toString('base64url');
      const codeVerifier = randomBytes(32).toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      await states.insert({
        state,
        provider,
        codeVerifier,
        nonce,
        isMona,
        marketplaceToken: isMona ? marketplaceToken : null,
        browserHash,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
      return client(provider).authorizationUrl({
        state,
        nonce,
        codeChallenge,
        redirectUri: redirectUri(provider, isMona),
      });
    },

    /** The return from the provider: the state is used once, the code exchanged, the ID token verified. */
    async fromCode(
      provider: IdentityProvider,
      code: string,
      state: string,
      browserHash: string | null,
    ): Promise<ProviderIdentity> {
      return (await fromCodeWithState(provider, code, state, browserHash)).identity;
    },

    fromCodeWithState,

    /** Drops the states of sign-ins that expired (called by a periodic job). */
    async purgeExpired(): Promise<void> {
      await states.purgeExpired();
    },

    /** An ID token the client holds (Google's own button, or one we handed back for sign-up). */
    fromToken: (provider: IdentityProvider, token: string) => identityFrom(provider, token, null),
  };
}
export type Providers = ReturnType<typeof createProviders>;

function googleIdentity(claims: JWTPayload, token: string): ProviderIdentity {
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  if (!claims.sub || !email)
    throw new AppError(400, 'invalid_provider_token', { message: 'no subject or e-mail' });
  return {
    provider: 'google',
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
    lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
    token,
  };
}

/** Microsoft: keyed by tenant and object id; its e-mail claim is not proof of ownership. */
function microsoftIdentity(claims: JWTPayload, token: string): ProviderIdentity {
  const { tid, oid } = claims as { tid?: unknown; oid?: unknown };
  const rawEmail = typeof claims.email === 'string' ? claims.email : claims.preferred_username;
  const email = typeof rawEmail === 'string' ? rawEmail.toLowerCase() : '';
  if (typeof tid !== 'string' || typeof oid !== 'string' || !email) {
    throw new AppError(400, 'invalid_provider_token', { message: 'no tenant, object id or e-mail' });
  }
  const name = typeof claims.name === 'string' ? claims.name.trim().split(/\s+/) : [];
  return {
    provider: 'microsoft',
    subject: `${tid}:${oid}`,
    email,
    emailVerified: (claims as { xms_edov?: unknown }).xms_edov === true,
    firstName: typeof claims.given_name === 'string' ? claims.given_name : (name[0] ?? ''),
    lastName: typeof claims.family_name === 'string' ? claims.family_name : name.slice(1).join(' '),
    token,
  };
}
