// Google's PageSpeed Insights API v5: the client (client.ts) the server's pagespeed module runs
// each URL through, and its offline sandbox (sandbox.ts, exported by @maya/connectors/sandbox).
export { createPagespeedClient, readPagespeedAnswer, PAGESPEED_STRATEGIES } from './client';
export type {
  PagespeedClient,
  PagespeedClientOptions,
  PagespeedMeasurement,
  PagespeedStrategy,
  VitalSource,
} from './client';
