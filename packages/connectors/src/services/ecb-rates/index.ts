// The European Central Bank's daily euro reference rates: a rates provider over the ECB Data
// Portal (client.ts) and the calendar-day rule (rates.ts). The sandbox portal (sandbox.ts,
// ECB_SANDBOX_PREFIX, matching sandboxEndpoints().ecbData) is exported by @maya/connectors/sandbox.
export { createEcbRatesProvider, readEcbCsv, ECB_SERIES_KEY } from './client';
export type { EcbRatesOptions } from './client';
export { dailyRates, EURO } from './rates';
export type { PublishedRate, RatesProvider } from './rates';
