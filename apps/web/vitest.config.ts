import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The project name comes from package.json ("@maya/web"): `npx vitest run --project @maya/web`.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Above the 5 s wait of src/test/setup.ts, so a slow wait fails as a wait, not a timeout.
    testTimeout: 15_000,
  },
});
