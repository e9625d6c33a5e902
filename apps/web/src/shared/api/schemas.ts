import type * as AnswerSchemasModule from './answerSchemas';

/**
 * The client's answer schemas (the runtime configuration, error bodies) and zod with them, fetched
 * with the first API call rather than with the first page: a signed-out visitor's sign-in page
 * draws without zod (decision 410). Once loaded, the module is shared by every later call.
 */
type AnswerSchemas = typeof AnswerSchemasModule;

let loading: Promise<AnswerSchemas> | null = null;

export function answerSchemas(): Promise<AnswerSchemas> {
  loading ??= import('./answerSchemas').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
