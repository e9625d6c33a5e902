// Test and benchmark support: a running sandbox and in-process tokens. Not for production code.
export { startHarness, recordingSleep } from './harness';
export type { Harness, HarnessApi } from './harness';
export { mintTokens } from './tokens';
