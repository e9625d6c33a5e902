import { defineConfig } from 'vitest/config';

// Every workspace's unit and integration tests; e2e runs on its own (`npm run test:e2e`)
// because it builds the app and drives a browser. `npm run test:unit` passes --maxWorkers=100%
// (decision 143): set here, beside `projects`, the option left vitest at one worker on 2 cores.
// Projects that need PostgreSQL list `@maya/embedded-postgres/global-setup`: one embedded server
// for the whole run, whichever projects run. Under CI=true a skipped test fails the run.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'docs'],
    reporters: ['default', './scripts/no-skipped-tests.mjs'],
  },
});
