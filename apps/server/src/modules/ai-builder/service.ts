import {
  ReportStateError,
  encodeReportState,
  reportLimits,
  type FilterValue,
  type GenerateBookmarkResponse,
  type ReportDocument,
  type ReportState,
  utcDay,
} from '@maya/contracts';
import {
  checkGeneratedState,
  generateFromPrompt,
  promptValueColumns,
  valueKey,
  type DimensionValues,
  type SemanticModel,
} from '@maya/analytics';
import type { OrganizationAccess } from '../../platform/guards';
import type { RateLimiter } from '../../platform/ratelimit/limiter';
import type { ReportsService } from '../reports';
import { fromReportEngine, generatorUnavailable, invalidPrompt } from './errors';
import { LlmUnavailable, type ChatMessage, type LlmClient } from './llm';
import { LlmAnswerSchema, firstMessages, retryMessages, systemPrompt } from './llm-prompt';

export type AiBuilderDeps = {
  /** The organization's report (404 workspace_not_setup before its first load) and its values. */
  reports: Pick<ReportsService, 'access' | 'filterValues'>;
  /** The organization's semantic model a report's dataset_id names (modelling's `semanticModel`). */
  models: (organizationId: string, name: string) => Promise<SemanticModel | null>;
  /** The language model; null: the built-in parser answers. */
  llm: LlmClient | null;
  rateLimiter: Pick<RateLimiter, 'check'>;
  now?: () => Date;
};

export type AiBuilderService = ReturnType<typeof createAiBuilderService>;

/** Pages of a column's values read for a prompt: enough for every channel, most campaigns. */
const VALUE_PAGES_PER_COLUMN = 10;
/** Language-model calls an organization may make per hour (each may cost money). */
const LLM_CALLS_PER_HOUR = 120;

type Generated = { state: ReportState; name: string; text: string } | { state: null; text: string };

export function createAiBuilderService(deps: AiBuilderDeps) {
  const now = deps.now ?? (() => new Date());

  /** The distinct values of the report's text columns, as far as the page budget reaches. */
  async function lookupValues(
    organizationId: string,
    datasetId: string,
    doc: ReportDocument,
    model: SemanticModel,
  ): Promise<DimensionValues> {
    const values = new Map<string, FilterValue[]>();
    for (const column of promptValueColumns(doc, model)) {
      const list: FilterValue[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < VALUE_PAGES_PER_COLUMN; page += 1) {
        const answer = await deps.reports.filterValues(organizationId, { datasetId, ...column, cursor });
        list.push(...answer.data);
        cursor = answer.nextCursor;
        if (cursor === null) break;
      }
      values.set(valueKey(column), list);
    }
    return values;
  }

  /**
   * Asks the language model, checks its state as the report would, and asks once more with the
   * reason when the answer is invalid; a second invalid answer is the prompt's failure.
   */
  async function withLlm(
    llm: LlmClient,
    doc: ReportDocument,
    model: SemanticModel,
    values: DimensionValues,
    prompt: string,
  ): Promise<Generated> {
    let messages: ChatMessage[] = firstMessages(systemPrompt(doc, model, values, utcDay(now())), prompt);
    let problem = '';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const content = await llm.complete(messages);
      const answer = readAnswer(doc, model, content);
      if (!('problem' in answer)) return answer;
      problem = answer.problem;
      messages = retryMessages(messages, content, problem);
    }
    throw invalidPrompt(`The AI Builder could not turn the prompt into a view of this report (${problem}).`);
  }

  return {
    /** spec 002 §7 Generate bookmark (reportSlug, prompt): success, bookmark, text_response. */
    async generate(
      access: OrganizationAccess,
      slug: string,
      prompt: string,
    ): Promise<GenerateBookmarkResponse> {
      try {
        const { report, document } = await deps.reports.access(access, slug);
        const model = await deps.models(access.organizationId, report.dataset_id);
        if (model === null) throw new Error(`report ${slug} reads the unknown model ${report.dataset_id}`);
        const values = await lookupValues(access.organizationId, report.dataset_id, document, model);
        let generated: Generated;
        if (deps.llm !== null) {
          await deps.rateLimiter.check([
            { key: `ai-builder:llm:${access.organizationId}`, max: LLM_CALLS_PER_HOUR, windowSeconds: 3600 },
          ]);
          generated = await withLlm(deps.llm, document, model, values, prompt);
        } else {
          const outcome = generateFromPrompt({ prompt, document, model, values, now: now() });
          // A question back (which of two meanings) is a reply, not a failure of the prompt.
          if (!outcome.ok && outcome.question) generated = { state: null, text: outcome.reason };
          else if (!outcome.ok) throw invalidPrompt(outcome.reason);
          else generated = outcome;
        }
        if (generated.state === null)
          return { success: false, bookmark: null, text_response: generated.text };
        return {
          success: true,
          bookmark: { name: generated.name, state: encodeReportState(generated.state) },
          text_response: generated.text,
        };
      } catch (error) {
        if (error instanceof LlmUnavailable) throw generatorUnavailable();
        throw fromReportEngine(error);
      }
    },
  };
}

/** The model's answer as a generated view, or what is wrong with it (said back to the model). */
function readAnswer(
  doc: ReportDocument,
  model: SemanticModel,
  content: string,
): Generated | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { problem: 'it is not a JSON object' };
  }
  const parsed = LlmAnswerSchema.safeParse(json);
  if (!parsed.success) {
    return {
      problem: parsed.error.issues.map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`).join('; '),
    };
  }
  const { state, name, text_response: text } = parsed.data;
  if (state === null) return { state: null, text };
  try {
    const checked = checkGeneratedState(doc, model, state);
    // The encoded state must fit a bookmark too.
    if (encodeReportState(checked).length > reportLimits.maxEncodedStateLength) {
      return { problem: 'the state is too large for a bookmark' };
    }
    return { state: checked, name: name ?? text.slice(0, 100), text };
  } catch (error) {
    if (error instanceof ReportStateError) return { problem: error.message };
    throw error;
  }
}
