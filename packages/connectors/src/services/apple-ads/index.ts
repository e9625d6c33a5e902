// Apple Ads: the connector, the key pair the product generates per organization, and two sandbox
// plugins: the Apple Ads API (APPLE_ADS_SANDBOX_PREFIX, matching sandboxEndpoints().appleAds) and
// the appleid.apple.com token endpoint (APPLE_OAUTH_SANDBOX_PREFIX, the base of
// sandboxEndpoints().appleOAuthToken), which learns public keys through registerAppleSandboxClient
// or POST {APPLE_OAUTH_SANDBOX_PREFIX}/_sandbox/clients.
export { appleAdsConnector, createAppleAdsConnector, APPLE_DAILY_DAYS } from './connector';
export { readAppleError } from './api';
export type { AppleAdsOptions } from './connector';
export { generateAppleAdsKeyPair, appleClientSecret, appleTokenSource } from './auth';
export { appleAdsSandbox, APPLE_ADS_SANDBOX_PREFIX } from './sandbox';
export {
  appleOAuthSandbox,
  APPLE_OAUTH_SANDBOX_PREFIX,
  registerAppleSandboxClient,
  removeAppleSandboxClient,
  appleSandboxClients,
} from './sandbox-token';
export type { AppleClientRegistration, AppleSandboxClient } from './sandbox-token';
export { APPLE_SANDBOX_ORGS } from './sandbox-data';
