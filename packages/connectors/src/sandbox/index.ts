// @maya/connectors/sandbox: the sandbox providers (DESIGN.md "Third-party services: the sandbox"),
// fake provider servers for development and tests, never mounted in production. Its own entry
// point, apart from the connectors (@maya/connectors), so that production code never carries it:
// the server loads it with a dynamic import only when the sandbox is configured.
//
// The identity providers (fake Google, Microsoft and Meta sign-in), every data API the connectors
// call (SANDBOX_APIS and each service's sandbox plugin), the Microsoft commercial marketplace, and
// the sandbox's fixed accounts and keys that tests and benches use. Where the sandbox is and the
// product's client registration there (sandboxEndpoints, sandboxClients) are configuration and stay
// in @maya/connectors.
export { sandboxIdentityPlugin, assertSandboxAllowed, SandboxInProductionError } from './plugin';
export {
  DEFAULT_ACCOUNTS as SANDBOX_TEST_ACCOUNTS,
  MICROSOFT_SANDBOX_TENANT_ID,
  MICROSOFT_SECOND_TENANT_ID,
  googleSubject,
  microsoftObjectId,
} from './accounts';
export { META_SANDBOX_NO_AD_ACCOUNTS_EMAIL } from './meta';
export { SandboxStore } from './store';
export type { TokenFault } from './store';
export type { SandboxAccountInput, SandboxClient, SandboxIdentityOptions, SandboxProvider } from './types';
export * from './marketplace';

// The data APIs: every mount, what a plugin is given, and the faults tests inject.
export { SANDBOX_APIS, type SandboxApiMount } from './apis/registry';
export type { SandboxApiPluginOptions, TokenIssuer } from './apis/types';
export { ApiFaults, ApiFaultSchema, type ApiFault } from './apis/faults';

// Each service's sandbox API, its mount prefix and fixed data.
export { appleAdsSandbox, APPLE_ADS_SANDBOX_PREFIX } from '../services/apple-ads/sandbox';
export {
  appleOAuthSandbox,
  APPLE_OAUTH_SANDBOX_PREFIX,
  registerAppleSandboxClient,
  removeAppleSandboxClient,
  appleSandboxClients,
  type AppleClientRegistration,
  type AppleSandboxClient,
} from '../services/apple-ads/sandbox-token';
export { APPLE_SANDBOX_ORGS } from '../services/apple-ads/sandbox-data';
export { ecbSandbox, ECB_SANDBOX_PREFIX } from '../services/ecb-rates/sandbox';
export {
  dataforseoSandbox,
  DATAFORSEO_SANDBOX_CREDENTIALS,
  DATAFORSEO_SANDBOX_PREFIX,
  SANDBOX_SERP_COMPETITORS,
  SANDBOX_SERP_COST,
  SANDBOX_SERP_OWN_DOMAIN,
  sandboxSerp,
} from '../services/dataforseo/sandbox';
export {
  pagespeedSandbox,
  PAGESPEED_SANDBOX_API_KEY,
  PAGESPEED_SANDBOX_PREFIX,
  sandboxPageProfile,
} from '../services/pagespeed/sandbox';
export {
  isPublicationDay,
  sandboxPublishedRates,
  SANDBOX_RATE_CURRENCIES,
} from '../services/ecb-rates/sandbox-rates';
export { bigQuerySandbox, BIGQUERY_SANDBOX_PREFIX } from '../services/ga4-events/sandbox';
export { ga4Sandbox, GA4_SANDBOX_PREFIX } from '../services/ga4/sandbox';
export { googleAdsSandbox, GOOGLE_ADS_SANDBOX_PREFIX } from '../services/google-ads/sandbox';
export { cloudStorageSandbox, CLOUD_STORAGE_SANDBOX_PREFIX } from '../services/google-play/sandbox';
export { metaAdsSandbox, META_ADS_SANDBOX_PREFIX } from '../services/meta-ads/sandbox';
export { META_SANDBOX_AD_ACCOUNTS, META_SANDBOX_BUSINESSES } from '../services/meta-ads/sandbox-data';
export { microsoftAdsSandbox, MICROSOFT_ADS_SANDBOX_PREFIX } from '../services/microsoft-ads/sandbox';
export { moosendSandbox, MOOSEND_SANDBOX_PREFIX, MOOSEND_INVALID_KEY } from '../services/moosend/sandbox';
export { MOOSEND_SANDBOX_API_KEYS } from '../services/moosend/sandbox-data';
export { searchConsoleSandbox, SEARCH_CONSOLE_SANDBOX_PREFIX } from '../services/search-console/sandbox';
