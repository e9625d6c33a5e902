import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createModules } from '../../src/modules';
import { createAiBuilderModule, createLlmClient } from '../../src/modules/ai-builder';
import { registerErrorHandling } from '../../src/platform/errors';
import { requireRouteGuards } from '../../src/platform/guards';
import { API_PREFIX } from '../../src/platform/http';
import type { AccountsApp } from '../support/accounts';
import type { ReportsApp } from '../reports/reports-app';

/**
 * The AI Builder's route on an app of its own, over the reports service of a reports app (the
 * organization's loaded warehouse), with the guards of the running accounts app; `llmUrl` points
 * it at an OpenAI-compatible server, else the built-in parser answers.
 */
export async function startAiBuilderApp(
  t: AccountsApp,
  reports: ReportsApp,
  options: { now: Date; llmUrl: string | null },
) {
  const { guards } = createModules(t.app.platform);
  const llm =
    options.llmUrl === null
      ? null
      : createLlmClient({
          config: { baseUrl: options.llmUrl, apiKey: 'test-key', model: 'test-model' },
          timeoutMs: 5_000,
        });
  const aiBuilder = createAiBuilderModule(t.app.platform, {
    reports: reports.service,
    models: (organizationId, name) => reports.modelling.semanticModel(organizationId, name),
    llm,
    now: () => options.now,
  });
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  requireRouteGuards(app, guards);
  await app.register(async (api) => aiBuilder.module.routes(api), { prefix: API_PREFIX });
  await app.ready();

  /** POST /reports/{slug}/generate-bookmark through the whole HTTP stack. */
  async function generate(slug: string, token: string | null, body: unknown) {
    const response = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/reports/${slug}/generate-bookmark`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      payload: body as object,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
    return { status: response.statusCode, body: response.json<Record<string, any>>() };
  }

  return { app, generate, close: () => app.close() };
}
