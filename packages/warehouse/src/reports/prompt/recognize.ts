// What a prompt names, read off its words: one period, measures, dimensions, values of the data
// and a page. Phrases are claimed longest first so that one word serves one meaning; among
// phrases of equal length a date wins over a page named as such, a page over a value, a value
// over a measure, a measure over a dimension.
import type { ReportPage } from '@maya/contracts';
import { findDate, type DateMatch } from './dates';
import { Claims, FILLER_WORDS, findPhrase, type Span, type Token } from './text';
import { findValues, type DimensionValues } from './values';
import type { Term, Vocabulary } from './vocabulary';

export type NamedValue = { table: string; column: string; value: string; negated: boolean };

export type Recognized = {
  date: DateMatch | null;
  /** Date phrases beyond the one used (a report has one date filter). */
  extraDates: number;
  measures: Term[];
  dimensions: Term[];
  values: NamedValue[];
  page: ReportPage | null;
  /** "lowest", "least", "bottom": ascending; else the largest first. */
  direction: 'asc' | 'desc';
  /** Words nothing recognized, as typed (fillers left out). */
  unknown: string[];
};

type Candidate = { span: Span; priority: number; apply: () => void };

const PAGE_WORDS = new Set(['page', 'tab', 'view', 'section']);
const PAGE_VERBS = new Set(['open', 'goto', 'go', 'to', 'page', 'tab', 'navigate']);
const NEGATIONS = new Set(['not', 'except', 'excluding', 'exclude', 'without', 'but', 'excl']);
const ASCENDING = new Set([
  'lowest',
  'least',
  'bottom',
  'smallest',
  'cheapest',
  'fewest',
  'ascending',
  'asc',
]);
/** Words that carry meaning to the parse as a whole (order, negation), not to one field. */
const MODIFIERS = new Set([...NEGATIONS, ...ASCENDING, 'highest', 'most', 'top', 'descending', 'desc']);

const length = (s: Span) => s.end - s.start;

function termCandidates(
  tokens: readonly Token[],
  terms: readonly Term[],
  priority: number,
  into: Term[],
): Candidate[] {
  return terms.flatMap((term) =>
    term.phrases.flatMap((stems) =>
      findPhrase(tokens, stems).map((span) => ({
        span,
        priority,
        apply: () => {
          if (!into.includes(term)) into.push(term);
        },
      })),
    ),
  );
}

/**
 * A page counts where the prompt names it as a page ("the channels page", "open Campaigns"), or
 * anywhere when no field or value shares its words ("overview").
 */
function pageCandidates(
  tokens: readonly Token[],
  vocabulary: Vocabulary,
  sharedWith: readonly string[][],
  setPage: (page: ReportPage) => void,
): Candidate[] {
  const shared = new Set(sharedWith.map((stems) => stems.join(' ')));
  return vocabulary.pages.flatMap(({ page, phrases }) =>
    phrases.flatMap((stems) =>
      findPhrase(tokens, stems).flatMap((span) => {
        const after = tokens[span.end]?.word ?? '';
        const before = tokens[span.start - 1]?.word ?? '';
        const beforeThe = before === 'the' ? (tokens[span.start - 2]?.word ?? '') : before;
        const named = PAGE_WORDS.has(after) || PAGE_VERBS.has(beforeThe);
        if (!named && shared.has(stems.join(' '))) return [];
        const end = PAGE_WORDS.has(after) ? span.end + 1 : span.end;
        return [{ span: { start: span.start, end }, priority: 4, apply: () => setPage(page) }];
      }),
    ),
  );
}

export function recognize(
  tokens: readonly Token[],
  vocabulary: Vocabulary,
  values: DimensionValues,
  today: string,
): Recognized {
  const claims = new Claims(tokens.length);
  const { match: date, others } = findDate(tokens, today);
  if (date !== null) claims.claim(date.span);
  const found: Recognized = {
    date,
    extraDates: others,
    measures: [],
    dimensions: [],
    values: [],
    page: null,
    direction: tokens.some((t) => ASCENDING.has(t.word)) ? 'asc' : 'desc',
    unknown: [],
  };
  const negatedAt = (span: Span) =>
    [1, 2].some((back) => NEGATIONS.has(tokens[span.start - back]?.word ?? '')) &&
    !(tokens[span.start - 1]?.word === 'but' && tokens[span.start - 2]?.word === 'all');
  const valueMatches = findValues(tokens, values);
  const fieldPhrases = [...vocabulary.measures, ...vocabulary.dimensions].flatMap((t) => t.phrases);
  const candidates: Candidate[] = [
    ...pageCandidates(
      tokens,
      vocabulary,
      [
        ...fieldPhrases,
        ...valueMatches.map((m) => tokens.slice(m.span.start, m.span.end).map((t) => t.stem)),
      ],
      (page) => {
        found.page ??= page;
      },
    ),
    ...valueMatches.map((m) => ({
      span: m.span,
      priority: 3,
      apply: () => {
        const negated = negatedAt(m.span);
        if (!found.values.some((v) => v.table === m.table && v.column === m.column && v.value === m.value)) {
          found.values.push({ table: m.table, column: m.column, value: m.value, negated });
        }
      },
    })),
    ...termCandidates(tokens, vocabulary.measures, 2, found.measures),
    ...termCandidates(tokens, vocabulary.dimensions, 1, found.dimensions),
  ];
  // Longest first; among equals the higher priority, then the earlier.
  candidates.sort(
    (a, b) => length(b.span) - length(a.span) || b.priority - a.priority || a.span.start - b.span.start,
  );
  const applied: Candidate[] = [];
  for (const candidate of candidates) {
    if (!claims.free(candidate.span)) continue;
    claims.claim(candidate.span);
    applied.push(candidate);
  }
  // Applied in the order they were typed, so that the first measure named leads.
  applied.sort((a, b) => a.span.start - b.span.start).forEach((c) => c.apply());
  found.unknown = claims
    .unclaimed()
    .map((i) => tokens[i])
    .filter((t): t is Token => t !== undefined && !FILLER_WORDS.has(t.word) && !MODIFIERS.has(t.word))
    .map((t) => t.word);
  return found;
}

/** Whether the prompt asked for anything the report has. */
export function recognizedAnything(found: Recognized): boolean {
  return (
    found.date !== null ||
    found.measures.length > 0 ||
    found.dimensions.length > 0 ||
    found.values.length > 0 ||
    found.page !== null
  );
}
