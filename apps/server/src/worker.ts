import { buildApp } from './app';
import { handleSignals, readConfig } from './platform/process';

/**
 * `npm run worker`: a jobs-only process for scale-out (DESIGN.md). It builds the same app, so
 * modules are wired identically, but serves no HTTP. It needs DATABASE_URL: the embedded
 * database belongs to the single-process `npm start`.
 */
async function worker(): Promise<void> {
  const config = { ...readConfig(), runWorker: true, serveWeb: false };
  if (!config.databaseUrl) {
    process.stderr.write(
      'npm run worker needs DATABASE_URL (the embedded database belongs to `npm start`).\n',
    );
    process.exit(2);
  }
  const signals = handleSignals();
  const app = await buildApp(config);
  signals.attach(app);
  await app.ready();
  app.log.info('worker running');
}

worker().catch((error: unknown) => {
  process.stderr.write(
    `Maya worker could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
