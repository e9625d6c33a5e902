import { defineConfig } from 'drizzle-kit';

// Schema files are owned by their modules; `npm run db:generate -w apps/server` writes SQL here.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/schema.ts', './src/platform/*/schema.ts'],
  out: './drizzle',
});
