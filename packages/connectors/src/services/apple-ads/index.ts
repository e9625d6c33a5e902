// Apple Ads: the connector and the key pair the product generates per organization. Its two
// sandbox plugins (sandbox.ts: the Apple Ads API at APPLE_ADS_SANDBOX_PREFIX, matching
// sandboxEndpoints().appleAds; sandbox-token.ts: the appleid.apple.com token endpoint at
// APPLE_OAUTH_SANDBOX_PREFIX, the base of sandboxEndpoints().appleOAuthToken, which learns public
// keys through registerAppleSandboxClient or POST {APPLE_OAUTH_SANDBOX_PREFIX}/_sandbox/clients)
// are exported by @maya/connectors/sandbox.
export { appleAdsConnector, createAppleAdsConnector, APPLE_DAILY_DAYS } from './connector';
export { readAppleError } from './api';
export type { AppleAdsOptions } from './connector';
export { generateAppleAdsKeyPair, appleClientSecret, appleTokenSource } from './auth';
