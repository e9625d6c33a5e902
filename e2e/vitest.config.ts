import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const require = createRequire(import.meta.url);

// End-to-end journeys (`npm run test:e2e`): support/global-setup.ts builds and starts the app once,
// then the specs drive Debian's Chromium against it. One app and one browser: files run one at a time.
export default defineConfig({
  root: here('.'),
  test: {
    include: ['specs/**/*.spec.ts'],
    // The app under test, and a PostgreSQL that stands in for a customer's database.
    globalSetup: ['support/global-setup.ts', require.resolve('@maya/embedded-postgres/global-setup')],
    testTimeout: 60_000,
    // An `expect.poll` waits for what the page shows, as Playwright's own waits do (30 s), not
    // Vitest's 1 s default: a busy machine renders a dashboard in more than a second.
    expect: { poll: { timeout: 30_000 } },
    // The first start builds the app and initialises PostgreSQL.
    hookTimeout: 180_000,
    // The teardown waits up to 30 s for the app to stop, then checks for leftovers.
    teardownTimeout: 90_000,
    fileParallelism: false,
  },
});
