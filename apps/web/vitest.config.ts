import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The files that need modules of their own: they mock a module (`vi.mock`), or read one whose
 * state a file before them set (the config fetched once, the query client loaded once).
 */
const ISOLATED = [
  'src/features/assistant-auth/components/DatasetSelectPage.test.tsx',
  'src/features/auth/components/MergeAccountPage.test.tsx',
  'src/features/auth/components/SignInPage.config.test.tsx',
  'src/features/auth/components/SignInPage.firstPaint.test.tsx',
  'src/features/auth/components/SignInPage.test.tsx',
  'src/features/bookmarks/components/BookmarksPane.test.tsx',
  'src/features/reports/exports/ExportMenuButton.test.tsx',
  'src/features/sources/components/connect/ConnectFlow.test.tsx',
  'src/features/sources/components/setup/GooglePlaySetupPage.test.tsx',
  'src/features/subscriptions/components/MonaStartPage.test.tsx',
  'src/features/subscriptions/components/SubscriptionLinkModal.test.tsx',
  'src/shared/api/queryClientOnDemand.test.tsx',
  'src/shared/lib/drawing.test.ts',
];

// Two projects: `npx vitest run --project '@maya/web*'` runs both. Most files share their
// worker's imports (isolate: false): a fresh jsdom and module graph per file cost more than
// the tests of most files, on a two-core machine where CI has 30 minutes for every check.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Above the 5 s wait of src/test/setup.ts, so a slow wait fails as a wait, not a timeout.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: { name: '@maya/web', include: ['src/**/*.test.{ts,tsx}'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: '@maya/web (isolated)', include: ISOLATED } },
    ],
  },
});
