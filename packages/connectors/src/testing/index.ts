// Test and benchmark support: a running sandbox, in-process tokens, reading what a connector
// extracted, and the providers' own totals and reference rates for reconciliations. Not for
// production code. Test files also use suite.ts (Vitest hooks).
export { startHarness, recordingSleep } from './harness';
export type { Harness, HarnessApi } from './harness';
export { mintTokens } from './tokens';
export { drain, recordingFetch, sortedRows, versionFetch } from './extract';
export type { Extracted, RecordedRequest } from './extract';
export { providerTotals } from './provider-totals';
export type { AccountTotals, DayTotals, ProviderAccount, Range, Where } from './provider-totals';
export { convertedTotal, publishedRates, ratesFrom } from './converted-total';
export type { DailySpend, PublishedRates } from './converted-total';
export { answerConsent, sandboxCredentials } from './sandbox-grant';
