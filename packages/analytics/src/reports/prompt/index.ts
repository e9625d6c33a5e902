// The AI Builder's built-in parser (spec 002 §2 AI Builder, §7 Generate bookmark): a prompt in
// plain words to the report state that shows it, without a language model. Pure: the caller
// looks up the values of the report's text dimensions (promptValueColumns) and passes them in.
//
// text.ts: words and stems; dates.ts: periods; vocabulary.ts: fields and pages by name;
// values.ts: values of the data; recognize.ts: what the prompt names; build.ts: the state;
// describe.ts: the reply and the bookmark's name; check.ts: any generated state's checks.
import type { ReportDocument, ReportState } from '@maya/contracts';
import { utcDay } from '../dates';
import type { SemanticModel } from '../semantic-model';
import { plan, shows } from './build';
import { checkGeneratedState } from './check';
import { describePlan } from './describe';
import { recognize, recognizedAnything } from './recognize';
import { tokenize } from './text';
import { valueKey, type DimensionValues } from './values';
import { vocabularyOf, type Term } from './vocabulary';

export { checkGeneratedState } from './check';
export { dateLabel } from './describe';
export { otherNames } from './synonyms';
export { promptValueColumns, valueKey, type DimensionValues, type ValueColumn } from './values';

export type PromptInput = {
  prompt: string;
  document: ReportDocument;
  model: SemanticModel;
  values: DimensionValues;
  /** Relative periods and named months resolve against its UTC day. */
  now: Date;
};

/**
 * A bookmark; or none: `question` asks which of two meanings a word has (the prompt is fine, the
 * reply asks back), else the prompt is refused (what the report has not, or nothing it has).
 */
export type PromptOutcome =
  | { ok: true; state: ReportState; name: string; text: string }
  | { ok: false; question: boolean; reason: string };

/** The report's name as people read it ('-maya' → 'Marketing Performance'). */
const reportName = (doc: ReportDocument) => doc.name.replace(/^-/, '');

/** What the report offers, for a prompt that named none of it. */
export function promptHelp(doc: ReportDocument, model: SemanticModel): string {
  const vocabulary = vocabularyOf(doc, model);
  // Service and account tell where rows came from (in the tables that say so; the costs carry
  // them too, decision 430); the examples are the breakdowns marketers use.
  const sourceOnly = (term: Term) =>
    term.kind === 'dimension' &&
    term.tables.some((name) =>
      model.tables.find((t) => t.name === name)?.sourceDimensions?.includes(term.name),
    );
  const shown = (kind: 'measure' | 'dimension') =>
    (kind === 'measure' ? vocabulary.measures : vocabulary.dimensions)
      .filter(
        (t) =>
          t.name !== 'date' && !sourceOnly(t) && doc.pages.some((p) => p.visuals.some((v) => shows(v, t))),
      )
      .slice(0, 4)
      .map((t) => t.label);
  const pages = doc.pages.filter((p) => p.visibility === 0).map((p) => p.display_name);
  return (
    `Ask for a metric (${shown('measure').join(', ')}), a breakdown (by ${shown('dimension').join(', ')}), ` +
    `a period (last 30 days, this month, Q3 2025, since March) or a page (${pages.join(', ')}).`
  );
}

export function generateFromPrompt(input: PromptInput): PromptOutcome {
  const { document, model } = input;
  const today = utcDay(input.now);
  const tokens = tokenize(input.prompt);
  const found = recognize(tokens, vocabularyOf(document, model), input.values, today);
  const notUnderstood =
    found.unknown.length === 0 ? '' : ` Not understood: ${found.unknown.map((w) => `“${w}”`).join(', ')}.`;
  if (found.unavailable.length > 0) {
    // Never a view of something else (decision 223): what is not there is said, and nothing shown.
    const data = (u: string) => u.endsWith(' data') || u.endsWith(' campaigns');
    const sources = found.unavailable.filter(data);
    const metrics = found.unavailable.filter((u) => !data(u));
    const sentences = [
      ...(sources.length > 0 ? [`This organization has no ${listOf(sources, 'or')}.`] : []),
      ...(metrics.length > 0 ? [`The ${reportName(document)} report has no ${listOf(metrics, 'or')}.`] : []),
    ];
    return {
      ok: false,
      question: false,
      reason: `${sentences.join(' ')}${notUnderstood} ${promptHelp(document, model)}`,
    };
  }
  const ambiguity = found.ambiguities[0];
  if (ambiguity !== undefined) {
    const options = ambiguity.options.map((o) => `“${o}”`);
    return {
      ok: false,
      question: true,
      reason: `Did you mean ${listOf(options, 'or')} by “${ambiguity.typed}”? Write the prompt again with the one you mean.`,
    };
  }
  if (!recognizedAnything(found)) {
    return {
      ok: false,
      question: false,
      reason: `Nothing in the prompt matches the ${reportName(document)} report.${notUnderstood} ${promptHelp(document, model)}`,
    };
  }
  const valueCount = (table: string, column: string) =>
    input.values.get(valueKey({ table, column }))?.length ?? null;
  const planned = plan(document, model, found, today, valueCount);
  // The parser's own states pass the same checks as a model's: a failure here is a bug.
  const state = checkGeneratedState(document, model, planned.state);
  const { text, name } = describePlan(planned, found);
  return { ok: true, state, name, text };
}

const listOf = (items: readonly string[], joiner: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1) ?? ''}`;
