import { loadZodMessages } from '@maya/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import { openDatabase } from './platform/database';
import { registerErrorHandling } from './platform/errors';
import { requireRouteGuards } from './platform/guards';
import { API_PREFIX, registerOpenApi, registerSecurityHeaders } from './platform/http';
import { startJobs, type Jobs } from './platform/jobs';
import { loggerOptions } from './platform/logger';
import type { Platform } from './platform/platform';
import { loadSecrets } from './platform/secrets';
import { createVault } from './platform/vault';
import { registerSpa } from './platform/spa';
import { createModules } from './modules';
import { createMailer } from './platform/mail';
import { registerMailbox } from './platform/mailbox';
import { createRateLimiter } from './platform/ratelimit/limiter';
import { registerSandbox } from './platform/sandbox';
import { startWarehouseFiles, type WarehouseFiles } from './platform/warehouse-files';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/**
 * The app factory used by `main` (HTTP + in-process worker), `worker` (jobs only) and the tests.
 * Shutdown runs in order on `app.close()`: the worker stops taking jobs and finishes running
 * ones (preClose), the HTTP server drains, then the job queue and the database close (onClose).
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  // 422 answers read zod's English messages where a contract's rule has none of its own.
  loadZodMessages();
  const app = Fastify({
    ...loggerOptions(config),
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secrets = await loadSecrets(config);
  const database = await openDatabase(config, secrets, app.log);
  let jobs: Jobs | null = null;
  let warehouseFiles: WarehouseFiles | null = null;
  try {
    jobs = await startJobs(database.ownerUrl, app.log, config.runWorker);
    warehouseFiles = await startWarehouseFiles({
      dataDir: config.dataDir,
      keepOpenSeconds: config.warehouseKeepOpenSeconds,
      ownerUrl: database.ownerUrl,
      log: app.log,
    });
    const mailer = createMailer(config);
    const platform: Platform = {
      config,
      secrets,
      database,
      jobs,
      mailer,
      rateLimiter: createRateLimiter(database.db),
      vault: createVault(config.credentialsKeys, secrets),
      warehouseFiles,
    };
    const { modules, guards } = createModules(platform);
    app.decorate('platform', platform);
    app.addHook('preClose', async () => platform.jobs.stopWorkers());
    app.addHook('onClose', async () => {
      await platform.jobs.stop();
      await platform.warehouseFiles.close();
      await platform.database.close();
    });

    registerErrorHandling(app);
    requireRouteGuards(app, guards);
    await registerSecurityHeaders(app);
    await registerOpenApi(app, config);
    await app.register(
      async (api) => {
        for (const module of modules) await module.routes(api);
      },
      { prefix: API_PREFIX },
    );
    if (config.sandbox) await registerSandbox(app, config);
    if (config.env !== 'production' && !config.smtpUrl) await registerMailbox(app, mailer);
    await registerSpa(app, config);

    for (const module of modules) await module.start?.();
    if (config.runWorker) await jobs.work(modules.flatMap((module) => module.jobs?.() ?? []));
    return app;
  } catch (error) {
    await jobs?.stop().catch(() => {});
    await warehouseFiles?.close().catch(() => {});
    await database.close();
    throw error;
  }
}
