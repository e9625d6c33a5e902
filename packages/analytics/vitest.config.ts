import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// The property tests run real engines (DuckDB, PostgreSQL): on a busy 2-core machine they take
// longer than Vitest's 5 s default. No test asserts a time. PostgreSQL is the run's one embedded
// server (scratch databases per suite), so the suites never skip.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: [require.resolve('@maya/embedded-postgres/global-setup')],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
