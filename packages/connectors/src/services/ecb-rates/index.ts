// The European Central Bank's daily euro reference rates: a rates provider over the ECB Data
// Portal (client.ts), the calendar-day rule (rates.ts) and the sandbox portal (sandbox.ts,
// ECB_SANDBOX_PREFIX, matching sandboxEndpoints().ecbData).
export { createEcbRatesProvider, readEcbCsv, ECB_SERIES_KEY } from './client';
export type { EcbRatesOptions } from './client';
export { dailyRates, EURO } from './rates';
export type { PublishedRate, RatesProvider } from './rates';
export { ecbSandbox, ECB_SANDBOX_PREFIX } from './sandbox';
export { isPublicationDay, sandboxPublishedRates, SANDBOX_RATE_CURRENCIES } from './sandbox-rates';
