import { loadZodMessages } from '@maya/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import { openDatabase } from './platform/database';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/errors';
import { requireRouteGuards } from './platform/guards';
import { registerOpenApi } from './platform/openapi';
import { API_PREFIX, BODY_LIMITS, registerCompression, registerSecurityHeaders } from './platform/http';
import { startJobs, type Jobs } from './platform/jobs';
import { loggerOptions, type LogDestination } from './platform/logger';
import type { Platform } from './platform/platform';
import { loadSecrets } from './platform/secrets';
import { createVault } from './platform/vault';
import { registerSpa } from './platform/spa';
import { createModules } from './modules';
import type { ModellingService } from './modules/modelling';
import { createMailer } from './platform/mail';
import { registerMailbox } from './platform/mailbox';
import { createRateLimiter } from './platform/ratelimit/limiter';
import { registerTextChecks } from './platform/text';
import { startWarehouseFiles, type WarehouseFiles } from './platform/warehouse-files';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    /** The organizations' warehouses and models (modules/modelling), for whoever composes on the app. */
    modelling: ModellingService;
  }
}

/** Hops become proxy-addr's own rule for them: the first `hops` addresses are proxies. */
function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((a: string, i: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** What a caller may hand the app besides its configuration. */
export type BuildOptions = {
  /** Where log lines go instead of stdout. */
  logStream?: LogDestination;
  /** The data loads' clock (today, for the ranges they load); tests move it. The real one by default. */
  now?: () => Date;
  /**
   * How connectors wait between a provider's polls and retries (Microsoft's report requests,
   * Meta's report runs, a 429's Retry-After); tests answer at once. Real time by default.
   */
  sleep?: (ms: number) => Promise<void>;
  /** Holds each range of an account's older history until it resolves (tests); none by default. */
  backfillGate?: (serviceAccountId: string) => Promise<void>;
};

/**
 * The app factory used by `main` (HTTP + in-process worker), `worker` (jobs only) and the tests.
 * Shutdown runs in order on `app.close()`: the worker stops taking jobs and finishes running
 * ones (preClose), the HTTP server drains, then the job queue and the database close (onClose).
 */
/** How long requests under way at shutdown may take to finish before their connections close. */
const HTTP_DRAIN_MS = 2_000;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // 422 answers read zod's English messages where a contract's rule has none of its own.
  loadZodMessages();
  const app = Fastify({
    ...loggerOptions(config, options.logStream),
    bodyLimit: BODY_LIMITS.default,
    trustProxy: trustProxyOption(config.trustProxy),
    // Errors before a route is found, and requests Node refuses, answer in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secrets = await loadSecrets(config);
  const database = await openDatabase(config, secrets, app.log);
  let jobs: Jobs | null = null;
  let warehouseFiles: WarehouseFiles | null = null;
  try {
    jobs = await startJobs(database.ownerUrl, app.log, config.runWorker, config.runSchedules);
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
    const { modules, guards, modelling } = createModules(platform, {
      now: options.now,
      sleep: options.sleep,
      backfillGate: options.backfillGate,
      log: app.log,
    });
    app.decorate('platform', platform);
    app.decorate('modelling', modelling);
    app.addHook('preClose', async () => platform.jobs.stopWorkers());
    const drained = drainConnections(app);
    app.addHook('onClose', async () => {
      for (const module of modules) await module.stop?.();
      drained.cancel();
      await platform.jobs.stop();
      await platform.warehouseFiles.close();
      await platform.database.close();
    });

    registerErrorHandling(app);
    registerTextChecks(app);
    requireRouteGuards(app, guards);
    await registerSecurityHeaders(app);
    await registerCompression(app);
    await registerOpenApi(app, config);
    await app.register(
      async (api) => {
        for (const module of modules) await module.routes(api);
      },
      { prefix: API_PREFIX },
    );
    for (const module of modules) await module.rootRoutes?.(app);
    // Loaded only when configured: the sandbox providers are their own chunk, never loaded (nor
    // carried by the code production loads) where config.sandbox is false (decision 322).
    if (config.sandbox) await (await import('./platform/sandbox')).registerSandbox(app, config);
    if (config.env !== 'production' && !config.smtpUrl) await registerMailbox(app, mailer);
    await registerSpa(app, config);

    for (const module of modules) await module.start?.(app.log);
    if (config.runWorker) await jobs.work(modules.flatMap((module) => module.jobs?.() ?? []));
    return app;
  } catch (error) {
    await jobs?.stop().catch(() => {});
    await warehouseFiles?.close().catch(() => {});
    await database.close();
    throw error;
  }
}

/**
 * Requests under way when shutdown starts get HTTP_DRAIN_MS to finish; once none is left (at
 * once, when there is none) every connection still open is closed. Idle keep-alive clients (the
 * in-process connectors talking to the sandbox on this same server among them) would otherwise
 * hold `server.close()` open.
 */
function drainConnections(app: FastifyInstance): { cancel(): void } {
  let underway = 0;
  let closing = false;
  let timer: NodeJS.Timeout | null = null;
  const closeAll = () => app.server.closeAllConnections();
  app.server.on('request', (_request, response) => {
    underway += 1;
    response.once('close', () => {
      underway -= 1;
      if (closing && underway === 0) closeAll();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (underway === 0) return closeAll();
    timer = setTimeout(closeAll, HTTP_DRAIN_MS);
    timer.unref();
  });
  return { cancel: () => timer !== null && clearTimeout(timer) };
}
