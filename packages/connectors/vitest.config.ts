import { defineConfig } from 'vitest/config';

// The connectors talk real HTTP to the sandbox providers, and some download a few months of
// reports (20,000 rows twice): 5 s, Vitest's default, failed them on a machine running two test
// suites at once. The limit only ends a hang; no test asserts how long anything takes.
export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
});
