// What the flow steps share: the provider, its clients, the store and the signing key.
import type { SigningKey } from './keys';
import type { SandboxStore } from './store';
import type { ProviderProfile, SandboxAccount, SandboxClient, SandboxProvider } from './types';

export type FlowDeps = {
  provider: SandboxProvider;
  profile: ProviderProfile;
  clients: readonly SandboxClient[];
  store: SandboxStore;
  key: SigningKey;
  /** Absolute URL of the consent form's POST route. */
  consentAction: string;
  /** Shown under an account on the consent page (Microsoft: its tenant). */
  accountNote: (account: SandboxAccount) => string | null;
};

/** Who may sign in at this authorize endpoint (Microsoft narrows it to the path's tenant). */
export type AuthorizeContext = { accounts: SandboxAccount[]; newAccountTenantId: string | null };

/** RFC 7636: a code verifier or S256 challenge is 43 to 128 unreserved characters. */
export const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;
