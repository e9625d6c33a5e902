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
import type { DimensionValues } from './values';
import { vocabularyOf } from './vocabulary';

export { checkGeneratedState } from './check';
export { dateLabel } from './describe';
export { promptValueColumns, valueKey, type DimensionValues, type ValueColumn } from './values';

export type PromptInput = {
  prompt: string;
  document: ReportDocument;
  model: SemanticModel;
  values: DimensionValues;
  /** Relative periods and named months resolve against its UTC day. */
  now: Date;
};

export type PromptOutcome =
  { ok: true; state: ReportState; name: string; text: string } | { ok: false; reason: string };

/** The report's name as people read it ('-maya' → 'maya'). */
const reportName = (doc: ReportDocument) => doc.name.replace(/^-/, '');

/** What the report offers, for a prompt that named none of it. */
export function promptHelp(doc: ReportDocument, model: SemanticModel): string {
  const vocabulary = vocabularyOf(doc, model);
  const shown = (kind: 'measure' | 'dimension') =>
    (kind === 'measure' ? vocabulary.measures : vocabulary.dimensions)
      .filter((t) => t.name !== 'date' && doc.pages.some((p) => p.visuals.some((v) => shows(v, t))))
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
  if (!recognizedAnything(found)) {
    return {
      ok: false,
      reason: `Nothing in the prompt matches the ${reportName(document)} report. ${promptHelp(document, model)}`,
    };
  }
  const planned = plan(document, model, found, today);
  // The parser's own states pass the same checks as a model's: a failure here is a bug.
  const state = checkGeneratedState(document, model, planned.state);
  const { text, name } = describePlan(planned, found);
  return { ok: true, state, name, text };
}
