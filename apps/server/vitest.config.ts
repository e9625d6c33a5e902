import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker runs file after file with the modules it already imported: each file builds its
    // own app on its own database, and no server test mocks a module, so nothing of one file
    // reaches the next. Importing the server afresh per file cost 2–3 s of CPU, 136 times, on a
    // two-core machine where CI has 30 minutes for every check.
    isolate: false,
  },
});
