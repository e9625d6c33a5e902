// Typos corrected before the prompt is read ("spned by chanel last mnth"): a word nothing knows is
// replaced by the one known word within its edit distance (letters added, dropped, changed or
// swapped). Never a guess: two known words equally near are asked about, and short words are
// compared with the report's own vocabulary only, not with every value of the data.
import { stem, type Token } from './text';

/**
 * The words a prompt may use, by stem (to a word of that stem): the report's vocabulary and the
 * date words (`core`), and the words of the data's values (`data`).
 */
export type KnownWords = { core: ReadonlyMap<string, string>; data: ReadonlyMap<string, string> };

/** Words by their stems, each to the first word of that stem. */
export function byStem(words: Iterable<string>): Map<string, string> {
  const map = new Map<string, string>();
  for (const word of words) if (!map.has(stem(word))) map.set(stem(word), word);
  return map;
}

export type Correction = { typed: string; meant: string };
export type Ambiguity = { typed: string; options: string[] };

export type Corrected = { tokens: Token[]; corrections: Correction[]; ambiguities: Ambiguity[] };

/** Optimal string alignment distance (Levenshtein with adjacent swaps), or max + 1 when beyond max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // One row per letter of a, flat: d(i, j) is the distance of a's first i letters to b's first j.
  const width = b.length + 1;
  const d = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => d[i * width + j] ?? 0;
  for (let j = 0; j <= b.length; j += 1) d[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    d[i * width] = i;
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, at(i - 2, j - 2) + 1);
      d[i * width + j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return at(a.length, b.length);
}

/**
 * How far a word of this length may be from the word meant, and against which words: one edit
 * from 4 letters on, two from 7 (against the vocabulary only: "chanell"); three-letter words only by one
 * letter left out ("wek"), and only against the vocabulary: short words are too close to others.
 */
function reach(length: number): { core: number; data: number } {
  if (length <= 3) return { core: 1, data: 0 };
  if (length <= 4) return { core: 1, data: 0 };
  if (length <= 6) return { core: 1, data: 1 };
  return { core: 2, data: 1 };
}

type Nearest = { distance: number; words: string[] };

function nearestIn(word: string, candidates: Iterable<string>, max: number): Nearest {
  let best: Nearest = { distance: Infinity, words: [] };
  if (max === 0) return best;
  for (const candidate of candidates) {
    if (candidate.length < 3) continue;
    // Three letters: only a dropped letter ("wek" for "week"), never one changed ("cpm" is no "cpc").
    if (word.length <= 3 && candidate.length !== word.length + 1) continue;
    const distance = editDistance(word, candidate, max);
    if (distance > max) continue;
    if (distance < best.distance) best = { distance, words: [candidate] };
    else if (distance === best.distance && !best.words.includes(candidate)) best.words.push(candidate);
  }
  // An abbreviation and its word are one meaning ("jul", "july").
  best.words = best.words.filter((w) => !best.words.some((o) => o !== w && o.startsWith(w)));
  return best;
}

/**
 * The known words nearest to the word. The report's vocabulary goes before the data's at the same
 * distance ("gogle": the channel Google, not the ad group Goggles): a prompt names fields and
 * platforms far more often than one product of a campaign.
 */
function nearest(word: string, known: KnownWords): Nearest {
  const limits = reach(word.length);
  const core = nearestIn(word, known.core.keys(), limits.core);
  const data = nearestIn(word, known.data.keys(), limits.data);
  return data.distance < core.distance ? data : core.words.length > 0 ? core : data;
}

/**
 * The tokens with each unknown word of three letters or more replaced by the known word meant,
 * where there is exactly one; `plain` words (fillers, order and negation words) are left alone,
 * and so are numbers and words typed in capitals (codes: "DEU").
 */
export function correctTypos(
  tokens: readonly Token[],
  known: KnownWords,
  plain: ReadonlySet<string>,
): Corrected {
  const corrections: Correction[] = [];
  const ambiguities: Ambiguity[] = [];
  const out = tokens.map((token) => {
    const { word } = token;
    if (word.length < 3 || !/^\p{L}+$/u.test(word) || plain.has(word) || (token.upper && word.length <= 3))
      return token;
    if (known.core.has(token.stem) || known.data.has(token.stem)) return token;
    const { words } = nearest(token.stem, known);
    if (words.length === 0) return token;
    const wordOf = (key: string) => known.core.get(key) ?? known.data.get(key) ?? key;
    if (words.length > 1) {
      ambiguities.push({ typed: token.typed, options: words.map(wordOf) });
      return token;
    }
    const key = words[0] ?? token.stem;
    const meant = wordOf(key);
    corrections.push({ typed: token.typed, meant });
    return { ...token, word: meant.toLowerCase(), stem: key };
  });
  return { tokens: out, corrections, ambiguities };
}
