// The product's client registrations at the sandbox providers (development and tests only).
import type { ProviderClients } from './endpoints';
import { sandboxServiceAccount } from './sandbox-service-account';

export const SANDBOX_OAUTH_CLIENT = {
  clientId: 'maya-sandbox',
  clientSecret: 'maya-sandbox-secret',
} as const;
export const SANDBOX_DEVELOPER_TOKEN = 'sandbox-developer-token';

export function sandboxClients(): ProviderClients {
  const serviceAccount = sandboxServiceAccount();
  return {
    google: { ...SANDBOX_OAUTH_CLIENT, developerToken: SANDBOX_DEVELOPER_TOKEN },
    microsoft: { ...SANDBOX_OAUTH_CLIENT, developerToken: SANDBOX_DEVELOPER_TOKEN },
    meta: { appId: SANDBOX_OAUTH_CLIENT.clientId, appSecret: SANDBOX_OAUTH_CLIENT.clientSecret },
    // The sandbox token endpoint trusts this account's key (service-accounts.ts).
    googleServiceAccount: {
      clientEmail: serviceAccount.clientEmail,
      privateKeyPem: serviceAccount.privateKeyPem,
    },
  };
}
