import { defineConfig } from 'vitest/config';

// Every workspace's unit and integration tests; e2e runs on its own (`npm run test:e2e`)
// because it builds the app and drives a browser.
export default defineConfig({
  test: {
    // One worker per core. Vitest's default leaves one core free (one worker on the 2-core CI
    // machine), and most of these tests wait on PostgreSQL, DuckDB or a sandbox provider: two
    // workers ran the unit phase in 11.5 minutes instead of 17.
    maxWorkers: '100%',
    projects: ['packages/*', 'apps/server', 'apps/web', 'docs'],
  },
});
