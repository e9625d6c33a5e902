import { buildApp } from './app';
import { handleSignals, readConfig } from './platform/process';

/**
 * `npm start`: the API, the built SPA and the job worker in one process, on the embedded
 * PostgreSQL unless DATABASE_URL is set. Ctrl-C (or SIGTERM) shuts down in order; a second
 * signal exits at once.
 */
async function main(): Promise<void> {
  const config = readConfig();
  const signals = handleSignals();
  const app = await buildApp(config);
  signals.attach(app);
  if (signals.stopping) return;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.port === port ? config.appUrl : `http://localhost:${port}`;
  process.stdout.write(`\n  Maya is running at ${url}  (Ctrl-C to stop)\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Maya could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
