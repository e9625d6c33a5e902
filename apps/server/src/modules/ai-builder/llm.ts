// A client of an OpenAI-compatible chat-completions API (`POST {baseUrl}/chat/completions`), as
// OpenAI, Azure OpenAI, vLLM, Ollama and LiteLLM serve it: the messages go out, the first choice's
// text comes back. Any failure to get that text is an `LlmUnavailable`, never a guess.
import { z } from 'zod';
import type { LlmConfig } from '../../platform/config';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export class LlmUnavailable extends Error {
  override readonly name = 'LlmUnavailable';
}

export type LlmClient = { complete(messages: readonly ChatMessage[]): Promise<string> };

export type LlmClientDeps = {
  config: LlmConfig;
  fetch?: typeof fetch;
  /** The whole call, answer included; 60 s by default. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 60_000;

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export function createLlmClient(deps: LlmClientDeps): LlmClient {
  const send = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { baseUrl, apiKey, model } = deps.config;
  return {
    async complete(messages) {
      let response: Response;
      try {
        response = await send(`${baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(apiKey === null ? {} : { authorization: `Bearer ${apiKey}` }),
          },
          body: JSON.stringify({
            model,
            messages,
            // The answer is one JSON object, and as repeatable as the model allows.
            response_format: { type: 'json_object' },
            temperature: 0,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new LlmUnavailable(`the language model at ${baseUrl} could not be reached`, { cause: error });
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw new LlmUnavailable(`the language model answered HTTP ${response.status} without JSON`, {
          cause: error,
        });
      }
      if (!response.ok) {
        throw new LlmUnavailable(`the language model answered HTTP ${response.status}`, { cause: body });
      }
      const parsed = CompletionSchema.safeParse(body);
      const content = parsed.success ? parsed.data.choices[0]?.message.content : null;
      if (content === null || content === undefined) {
        throw new LlmUnavailable('the language model answered without a message');
      }
      return content;
    },
  };
}
