import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const require = createRequire(import.meta.url);

// End-to-end journeys (`npm run test:e2e`): support/global-setup.ts builds and starts the app once,
// then the specs drive Debian's Chromium against it. One app; two journeys at a time, each file
// with its own browser, as two people using the product at once. A journey changes nothing that
// another sees: its own user and organization, and a sandbox fault only for an account no other
// journey connects (data-load.spec.ts).
export default defineConfig({
  root: here('.'),
  test: {
    include: ['specs/**/*.spec.ts'],
    // The app under test, and a PostgreSQL that stands in for a customer's database.
    globalSetup: ['support/global-setup.ts', require.resolve('@maya/embedded-postgres/global-setup')],
    // Waits are failure detectors, sized so that two whole `npm test` runs at once on this
    // two-core machine (issue 25) stay inside them: there a short journey took over 60 s and a
    // dashboard over 15 s to draw. A journey that loads data sets its own, longer timeout.
    testTimeout: 180_000,
    // An `expect.poll` waits for what the page shows, as Playwright's own waits do (45 s,
    // support/browser.ts), not Vitest's 1 s default.
    expect: { poll: { timeout: 45_000 } },
    // The first start builds the app and initialises PostgreSQL.
    hookTimeout: 180_000,
    // The teardown waits up to 30 s for the app to stop, then checks for leftovers.
    teardownTimeout: 90_000,
    // A journey mostly waits (for the page, the app, a load): two at a time keep the two cores
    // busy, where one left a third of them idle.
    maxWorkers: 2,
  },
});
