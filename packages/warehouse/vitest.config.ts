import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// Engine tests load real data (100,000 rows in one of them): on a busy 2-core machine that takes
// longer than Vitest's 5 s default, so they get the server tests' 30 s. No test asserts a time.
// The PostgreSQL suites run on the run's one embedded server, started by the global setup.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: [require.resolve('@maya/embedded-postgres/global-setup')],
  },
});
