// @maya/connectors: the connectors behind one Connector interface, the service catalogue, the ECB
// rates provider, and where the sandbox is (sandboxEndpoints, sandboxClients: configuration). The
// sandbox providers themselves have their own entry point, @maya/connectors/sandbox, so that code
// importing this one never carries them.
export { catalog, findService } from './catalog';
export * from './core';
export { connectorFor } from './registry';
export { SANDBOX_OAUTH_CLIENT, sandboxClients } from './core/sandbox-clients';
export { generateAppleAdsKeyPair } from './services/apple-ads';
export { ga4ExportServiceAccountEmail } from './services/ga4-events';
export { EURO, createEcbRatesProvider, dailyRates } from './services/ecb-rates';
export type { PublishedRate, RatesProvider } from './services/ecb-rates';
export { createPagespeedClient, PAGESPEED_STRATEGIES } from './services/pagespeed';
export { createSerpClient, serpDomain } from './services/dataforseo';
export type { SerpClient, SerpItem, SerpQuery, SerpResult } from './services/dataforseo';
export type {
  PagespeedClient,
  PagespeedMeasurement,
  PagespeedStrategy,
  VitalSource,
} from './services/pagespeed';
