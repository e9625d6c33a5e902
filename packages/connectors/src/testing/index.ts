// Test and benchmark support: a running sandbox, in-process tokens, and reading what a connector
// extracted. Not for production code. Test files also use suite.ts (Vitest hooks).
export { startHarness, recordingSleep } from './harness';
export type { Harness, HarnessApi } from './harness';
export { mintTokens } from './tokens';
export { drain, recordingFetch, sortedRows } from './extract';
export type { Extracted, RecordedRequest } from './extract';
