import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API server (port 8000 unless MAYA_API_URL says otherwise) answers the API
// and the runtime configuration; Vite serves everything else, including public/data/*.json.
const apiTarget = process.env.MAYA_API_URL ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/data/config.json': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle.ts reads what each route loads from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // React in one long-lived chunk, so a deploy of app code does not invalidate it. The other
        // packages are split by what imports them: one chunk of everything in node_modules put
        // ECharts (and every Mantine component) on the sign-in route (bench/bundle.ts).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
