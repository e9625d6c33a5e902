export { catalog, findService } from './catalog';
export * from './core';
export { connectorFor } from './registry';
export * from './sandbox';
export { SANDBOX_APIS } from './sandbox/apis/registry';
export type { SandboxApiMount } from './sandbox/apis/registry';
export type { SandboxApiPluginOptions, TokenIssuer } from './sandbox/apis/types';
export { ApiFaults, ApiFaultSchema } from './sandbox/apis/faults';
export type { ApiFault } from './sandbox/apis/faults';
export { SandboxStore } from './sandbox/store';
export { SANDBOX_OAUTH_CLIENT, sandboxClients } from './sandbox/clients';
export { generateAppleAdsKeyPair } from './services/apple-ads';
export { ga4ExportServiceAccountEmail } from './services/ga4-events';
export {
  EURO,
  createEcbRatesProvider,
  dailyRates,
  isPublicationDay,
  sandboxPublishedRates,
  SANDBOX_RATE_CURRENCIES,
} from './services/ecb-rates';
export type { PublishedRate, RatesProvider } from './services/ecb-rates';
