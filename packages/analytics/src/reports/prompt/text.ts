// The prompt as words: lower case, punctuation dropped, ISO days kept whole, and each word's stem
// (a plural's trailing s dropped) so that "campaigns" finds the campaign dimension and
// "Google Ads" the value "Google Ad" or "Google Ads" alike.

export type Token = {
  /** The word as typed, lower case ("campaigns", "2025-03-01", "q3"). */
  word: string;
  /** The word as typed, its case kept ("Display"). */
  typed: string;
  /** What phrases are compared on. */
  stem: string;
  /** Whether the word was typed in capitals ("US"): two-letter values must be. */
  upper: boolean;
};

/**
 * A word, an ISO day, or a dash that joins two ends of a range ("1-15 Oct", "Nov 1 - Nov 15"):
 * between digits or set apart by spaces, never inside a word ("year-to-date").
 */
const WORD = /\d{4}-\d{2}-\d{2}|[\p{L}\p{N}]+|(?<=\d)[-–—](?=\d)|(?<=\s)[-–—](?=\s)/gu;

/** The token a range's dash becomes. */
export const DASH = '-';

export function stem(word: string): string {
  // Both sides of a comparison are stemmed alike, so "this" → "thi" is harmless; three-letter
  // words are left as they are ("ads", "gas").
  return word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  // Apostrophes join a word ("today's" → "todays"), underscores split (PERFORMANCE_MAX).
  for (const match of text.replace(/['’]/g, '').replace(/_/g, ' ').matchAll(WORD)) {
    const raw = /^[-–—]$/.test(match[0]) ? DASH : match[0];
    const word = raw.toLowerCase();
    tokens.push({
      word,
      typed: raw,
      stem: stem(word),
      upper: raw.length > 1 && raw === raw.toUpperCase() && /\p{L}/u.test(raw),
    });
  }
  return tokens;
}

/** A phrase's stems, as tokens of it would have them. */
export function phraseStems(text: string): string[] {
  return tokenize(text).map((t) => t.stem);
}

/** A span of tokens, `end` excluded. */
export type Span = { start: number; end: number };

/** Every start where the stems occur in the tokens, as spans. */
export function findPhrase(tokens: readonly Token[], stems: readonly string[]): Span[] {
  if (stems.length === 0) return [];
  const spans: Span[] = [];
  for (let i = 0; i + stems.length <= tokens.length; i += 1) {
    if (stems.every((s, j) => tokens[i + j]?.stem === s)) spans.push({ start: i, end: i + stems.length });
  }
  return spans;
}

/**
 * Which tokens a recognized phrase already took: phrases are claimed longest first, so that
 * "conversion rate" is not also read as "conversions".
 */
export class Claims {
  private readonly taken: boolean[];

  constructor(length: number) {
    this.taken = Array.from({ length }, () => false);
  }

  free(span: Span): boolean {
    for (let i = span.start; i < span.end; i += 1) if (this.taken[i]) return false;
    return true;
  }

  claim(span: Span): void {
    for (let i = span.start; i < span.end; i += 1) this.taken[i] = true;
  }

  /** The indexes of tokens nothing recognized. */
  unclaimed(): number[] {
    return this.taken.flatMap((taken, i) => (taken ? [] : [i]));
  }
}

/** Words that carry no request on their own ("show me the spend for ..."). */
export const FILLER_WORDS = new Set(
  (
    'a an the of for by per in on at to from with and or me my our us i we you show see give get ' +
    'display view what whats which how is are was were be it its this that these those all every each ' +
    'please can could would like want need let lets look looking tell about across over into top best ' +
    'worst highest lowest most least bottom biggest largest smallest only just also then than do does ' +
    'did vs versus compare compared breakdown split grouped group report dashboard data chart table ' +
    'page tab open go number numbers total sum value values much many sorted sort order ordered ' +
    'performance performing results metrics metric stats statistics kpi kpis overall - including ' +
    'included include everything anything has have had did our their there'
  ).split(' '),
);
