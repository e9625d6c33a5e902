// What a prompt names, read off its words: one period, measures, dimensions, values of the data
// and a page, and what it names that the organization does not have (a metric, an ad platform).
// Typos are corrected first (typos.ts). Phrases are claimed longest first so that one word
// serves one meaning; among phrases of equal length what is not there wins (it is refused), then
// a date, a page named as such, a value, a measure, a dimension.
import type { ReportPage } from '@maya/contracts';
import { BUILTIN_SEMANTIC_MODELS } from '../builtin-models';
import { DATE_WORDS } from './date-words';
import { findDate, type DateMatch } from './dates';
import { AD_PLATFORM_NAMES, DISTINCT_CAMPAIGN_TYPES, UNAVAILABLE_METRICS } from './synonyms';
import { Claims, FILLER_WORDS, findPhrase, phraseStems, tokenize, type Span, type Token } from './text';
import { byStem, correctTypos, type Ambiguity, type Correction, type KnownWords } from './typos';
import { findValues, namesOfValues, type DimensionValues } from './values';
import { DATE_GRAINS, DIMENSION_SYNONYMS, MEASURE_SYNONYMS, type Term, type Vocabulary } from './vocabulary';

export type NamedValue = { table: string; column: string; value: string; negated: boolean };

export type Recognized = {
  date: DateMatch | null;
  /** Date phrases beyond the one used (a report has one date filter). */
  extraDates: number;
  measures: Term[];
  dimensions: Term[];
  values: NamedValue[];
  page: ReportPage | null;
  /** The order asked for: "highest", "lowest", "best", "worst"; null: none said. */
  order: Order | null;
  /** The date's grain asked for ("weekly", "by month"), if any. */
  grain: 'day' | 'week' | 'month' | null;
  /** Metrics and ad platforms named that the report or the organization has no data of. */
  unavailable: string[];
  /** Words that could mean two things ("rate": CTR or conversion rate): asked about. */
  ambiguities: Ambiguity[];
  corrections: Correction[];
  /** Words nothing recognized, as typed (fillers left out). */
  unknown: string[];
};

/** Literal order ("highest"), or by what is good for the measure ("best": lowest position). */
export type Order = 'high' | 'low' | 'top' | 'better' | 'worse';

type Candidate = { span: Span; priority: number; apply: () => void };

const PAGE_WORDS = new Set(['page', 'tab', 'view', 'section']);
const PAGE_VERBS = new Set(['open', 'goto', 'go', 'to', 'page', 'tab', 'navigate']);
const NEGATIONS = new Set([
  'not',
  'except',
  'excluding',
  'exclude',
  'excludes',
  'without',
  'but',
  'excl',
  'minus',
]);
const ORDER_WORDS: Readonly<Record<string, Order>> = {
  lowest: 'low',
  least: 'low',
  smallest: 'low',
  cheapest: 'low',
  fewest: 'low',
  ascending: 'low',
  asc: 'low',
  highest: 'high',
  most: 'high',
  largest: 'high',
  biggest: 'high',
  greatest: 'high',
  descending: 'high',
  desc: 'high',
  top: 'top',
  leading: 'top',
  best: 'better',
  better: 'better',
  worst: 'worse',
  worse: 'worse',
  bottom: 'worse',
  poorest: 'worse',
  weakest: 'worse',
};
/** Words that carry meaning to the parse as a whole (order, negation), not to one field. */
const MODIFIERS = new Set([...NEGATIONS, ...Object.keys(ORDER_WORDS)]);
/** Words typos are never corrected to or from: they mean what they say. */
export const PLAIN_WORDS: ReadonlySet<string> = new Set([...FILLER_WORDS, ...MODIFIERS]);

/** Measures of the product's models by every name, for those a report does not have. */
const KNOWN_MEASURES = BUILTIN_SEMANTIC_MODELS.flatMap((m) => m.tables.flatMap((t) => t.measures)).map(
  (m) => ({
    name: m.name,
    label: m.label,
    names: [m.name.replaceAll('_', ' '), m.label, ...(MEASURE_SYNONYMS[m.name] ?? [])],
  }),
);

/**
 * Breakdowns of the product's models by every name ("device", "country", "keyword"), for a
 * report whose tables have not them: asked for, they are refused, as a metric is. A search
 * report's page (also "url") and property ("site") are left out: "page" names the report's
 * pages, and "site" is said of a marketing report's own data.
 */
const KNOWN_DIMENSIONS = BUILTIN_SEMANTIC_MODELS.flatMap((m) => m.tables.flatMap((t) => t.dimensions))
  .filter((d) => d.name !== 'page' && d.name !== 'property')
  .map((d) => ({
    name: d.name,
    label: `breakdown by ${d.label.toLowerCase()}`,
    names: [d.name.replaceAll('_', ' '), d.label, ...(DIMENSION_SYNONYMS[d.name] ?? [])],
  }));

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

/** What the prompt may name that is not there: metrics, and ad platforms without data. */
function unavailableNames(
  vocabulary: Vocabulary,
  values: DimensionValues,
): { name: string; label: string }[] {
  const measures = new Set(vocabulary.measures.map((m) => m.name));
  const dimensions = new Set(vocabulary.dimensions.map((d) => d.name));
  const valuesOf = (column: string) => [...values].find(([key]) => key.endsWith(`.${column}`))?.[1];
  const channelValues = valuesOf('channel');
  const channels = new Set((channelValues ?? []).filter((v): v is string => typeof v === 'string'));
  const typeValues = valuesOf('campaign_type');
  // A word the report's own fields are named by is theirs (a custom table's "revenue" column).
  const own = new Set(
    [...vocabulary.measures, ...vocabulary.dimensions].flatMap((t) => t.phrases.map((p) => p.join(' '))),
  );
  return [
    ...Object.entries(UNAVAILABLE_METRICS).flatMap(([label, names]) =>
      names.map((name) => ({ name, label })),
    ),
    ...KNOWN_MEASURES.filter((m) => !measures.has(m.name)).flatMap((m) =>
      m.names.map((name) => ({ name, label: m.label })),
    ),
    ...KNOWN_DIMENSIONS.filter((d) => !dimensions.has(d.name)).flatMap((d) =>
      d.names.map((name) => ({ name, label: d.label })),
    ),
    // Channels are sources only where the report has them ("google" on a Search Console report
    // is no ad platform); ad platforms no connector loads are never there.
    ...AD_PLATFORM_NAMES.filter((p) =>
      p.channel === null ? true : channelValues !== undefined && !channels.has(p.channel),
    ).map((p) => ({ name: p.name, label: `${p.channel ?? p.name} data` })),
    ...(typeValues === undefined
      ? []
      : DISTINCT_CAMPAIGN_TYPES.filter((t) => !typeValues.includes(t.label))
    ).flatMap((t) => t.names.map((name) => ({ name, label: `${t.label} campaigns` }))),
  ].filter(({ name }) => !own.has(phraseStems(name).join(' ')));
}

/** The words typos are corrected to: the report's vocabulary, date words, and the data's. */
export function knownWords(vocabulary: Vocabulary, values: DimensionValues): KnownWords {
  const phrases = [...vocabulary.measures, ...vocabulary.dimensions].flatMap((t) => t.phrases.flat());
  const pages = vocabulary.pages.flatMap((p) => p.phrases.flat());
  const words = (texts: readonly string[]) => texts.flatMap((t) => tokenize(t).map((tok) => tok.word));
  // Metrics and ad platforms are the product's words, whether the organization has them or not;
  // campaign types are the data's.
  const product = [
    ...Object.values(UNAVAILABLE_METRICS).flat(),
    ...KNOWN_MEASURES.flatMap((m) => m.names),
    ...KNOWN_DIMENSIONS.flatMap((d) => d.names),
    ...AD_PLATFORM_NAMES.map((p) => p.name),
  ];
  const data = [...namesOfValues(values), ...DISTINCT_CAMPAIGN_TYPES.flatMap((t) => t.names)];
  return {
    core: byStem([...phrases, ...pages, ...DATE_WORDS, ...words(product)].filter((w) => !PLAIN_WORDS.has(w))),
    data: byStem(words(data).filter((w) => !PLAIN_WORDS.has(w))),
  };
}

/**
 * A word left over that is part of the names of two or more fields ("rate": CTR, conversion
 * rate; "source": channel, service) when the prompt named neither: asked about.
 */
function partialNames(
  tokens: readonly Token[],
  unclaimed: readonly number[],
  vocabulary: Vocabulary,
  found: Recognized,
) {
  const terms = [...vocabulary.measures, ...vocabulary.dimensions];
  return unclaimed.flatMap((i): Ambiguity[] => {
    const token = tokens[i];
    if (
      token === undefined ||
      token.word.length < 4 ||
      PLAIN_WORDS.has(token.word) ||
      DATE_WORDS.includes(token.word)
    )
      return [];
    const meaning = terms.filter((t) => t.phrases.some((p) => p.length > 1 && p.includes(token.stem)));
    if (meaning.length < 2 || meaning.some((t) => found.measures.includes(t) || found.dimensions.includes(t)))
      return [];
    return [{ typed: token.typed, options: meaning.map((t) => t.label) }];
  });
}

export function recognize(
  typed: readonly Token[],
  vocabulary: Vocabulary,
  values: DimensionValues,
  today: string,
): Recognized {
  const { tokens, corrections, ambiguities } = correctTypos(
    typed,
    knownWords(vocabulary, values),
    PLAIN_WORDS,
  );
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
    order: tokens.map((t) => ORDER_WORDS[t.word]).find((o) => o !== undefined) ?? null,
    grain: null,
    unavailable: [],
    ambiguities,
    corrections,
    unknown: [],
  };
  const negatedAt = (span: Span) =>
    [1, 2].some((back) => NEGATIONS.has(tokens[span.start - back]?.word ?? '')) &&
    !(tokens[span.start - 1]?.word === 'but' && tokens[span.start - 2]?.word === 'all');
  const valueMatches = findValues(tokens, values);
  const fieldPhrases = [...vocabulary.measures, ...vocabulary.dimensions].flatMap((t) => t.phrases);
  const grains = Object.entries(DATE_GRAINS).map(([text, grain]) => ({ stems: phraseStems(text), grain }));
  const candidates: Candidate[] = [
    ...unavailableNames(vocabulary, values).flatMap(({ name, label }) =>
      findPhrase(tokens, phraseStems(name)).map((span) => ({
        span,
        priority: 5,
        apply: () => {
          if (!found.unavailable.includes(label)) found.unavailable.push(label);
        },
      })),
    ),
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
    ...termCandidates(tokens, vocabulary.dimensions, 1, found.dimensions).map((c) => {
      const grain = grains.find(
        (g) => findPhrase(tokens.slice(c.span.start, c.span.end), g.stems).length > 0,
      );
      const phraseLength = grain === undefined ? 0 : grain.stems.length;
      return grain === undefined || phraseLength !== c.span.end - c.span.start
        ? c
        : {
            ...c,
            apply: () => {
              c.apply();
              found.grain ??= grain.grain;
            },
          };
    }),
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
  const unclaimed = claims.unclaimed();
  found.ambiguities.push(...partialNames(tokens, unclaimed, vocabulary, found));
  found.unknown = unclaimed
    .map((i) => tokens[i])
    .filter((t): t is Token => t !== undefined && !PLAIN_WORDS.has(t.word))
    .map((t) => t.typed);
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
