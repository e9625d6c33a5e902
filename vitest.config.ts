import { defineConfig } from 'vitest/config';

// Every workspace's unit and integration tests; e2e runs on its own (`npm run test:e2e`)
// because it builds the app and drives a browser.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'docs'],
  },
});
