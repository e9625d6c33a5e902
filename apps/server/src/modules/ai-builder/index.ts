import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { createLlmClient } from './llm';
import { aiBuilderRoutes } from './routes';
import { createAiBuilderService, type AiBuilderDeps } from './service';

export { createAiBuilderService, type AiBuilderService, type AiBuilderDeps } from './service';
export { createLlmClient, type LlmClient } from './llm';
export { systemPrompt } from './llm-prompt';

/**
 * The AI Builder (spec 002 §2 chat bubble, §7 Generate bookmark): a prompt becomes a bookmark of
 * the open report. With `llm` configured (LLM_BASE_URL) an OpenAI-compatible model writes the
 * state, checked as the report would check it; otherwise packages/warehouse's built-in parser.
 * Nothing is stored: the web applies the bookmark, and saves it only if the user does.
 */
export function createAiBuilderModule(
  platform: Pick<Platform, 'config' | 'rateLimiter'>,
  deps: Omit<AiBuilderDeps, 'llm' | 'rateLimiter'> & { llm?: AiBuilderDeps['llm'] },
) {
  const llm =
    deps.llm !== undefined
      ? deps.llm
      : platform.config.llm === null
        ? null
        : createLlmClient({ config: platform.config.llm });
  const service = createAiBuilderService({ ...deps, llm, rateLimiter: platform.rateLimiter });
  const module: Module = {
    name: 'ai-builder',
    routes: (api) => aiBuilderRoutes(api, service),
  };
  return { module, service };
}
