// The authorization code flow both providers share: authorize → consent → token, plus userinfo
// and revocation. Provider differences come in through the ProviderProfile.
import { createAuthorizeSteps } from './authorize';
import type { FlowDeps } from './deps';
import type { SigningKey } from './keys';
import { createTokenSteps } from './token';
import type { SandboxAccount } from './types';

export type { AuthorizeContext, FlowDeps } from './deps';

export function createFlow(deps: FlowDeps) {
  return { ...createAuthorizeSteps(deps), ...createTokenSteps(deps) };
}

export type Flow = ReturnType<typeof createFlow>;

/** What a provider's route file needs to mount its endpoints. */
export type RouteDeps = { publicBaseUrl: string; flow: Flow; key: SigningKey; accounts: SandboxAccount[] };
