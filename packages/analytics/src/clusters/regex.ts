import { unreachable } from '@maya/contracts';
// The regular expressions a `matches` rule may use: a subset that DuckDB and BigQuery (RE2),
// PostgreSQL (ARE), Databricks (Java) and JavaScript read the same way (decision 262). A pattern
// is parsed here, before any engine sees it, and written out again for each engine, so that
// the engines never parse a user's syntax: only the subset, in a spelling each reads alike.
//
// The subset: literal characters (metacharacters escaped with `\`), `.`, `^`, `$`, groups
// `(...)` / `(?:...)`, alternation `|`, quantifiers `* + ? {n} {n,} {n,m}` (m ≤ 255; a lazy `?`
// after one is accepted and dropped: it cannot change whether a text matches), classes `[...]`
// with ranges and `^`, and `\d \w \s` (ASCII digits, word characters, white space) and their
// negations. No back-references, look-around, word boundaries, named groups, inline flags or
// Unicode classes. Matching is case-insensitive, `.` matches any character including a line
// break, and `^` / `$` are the ends of the text.

export type ClassItem = { from: string; to: string } | { shorthand: 'd' | 'w' | 's' };

export type RegexNode =
  | { type: 'alt'; options: RegexNode[] }
  | { type: 'seq'; items: RegexNode[] }
  | { type: 'group'; body: RegexNode }
  | { type: 'repeat'; body: RegexNode; min: number; max: number | null }
  | { type: 'char'; char: string }
  | { type: 'any' }
  | { type: 'start' }
  | { type: 'end' }
  | { type: 'class'; negate: boolean; items: ClassItem[] };

export type RegexFlavor = 'js' | 're2' | 'postgres' | 'java';

export type ParsedRegex = { ok: true; node: RegexNode } | { ok: false; error: string };

const MAX_REPEAT = 255;
const META = new Set([...'^$\\.*+?()[]{}|']);
const SHORTHAND: Record<string, ClassItem & { shorthand: 'd' | 'w' | 's' }> = {
  d: { shorthand: 'd' },
  w: { shorthand: 'w' },
  s: { shorthand: 's' },
};

class RegexSyntaxError extends Error {}

export function parsePortableRegex(pattern: string): ParsedRegex {
  const chars = [...pattern];
  let pos = 0;
  const fail = (message: string): never => {
    throw new RegexSyntaxError(`${message} at position ${pos + 1}`);
  };
  const peek = () => chars[pos];

  const alternation = (): RegexNode => {
    const options = [sequence()];
    while (peek() === '|') {
      pos += 1;
      options.push(sequence());
    }
    return options.length === 1 ? (options[0] as RegexNode) : { type: 'alt', options };
  };

  const sequence = (): RegexNode => {
    const items: RegexNode[] = [];
    while (pos < chars.length && peek() !== '|' && peek() !== ')') {
      const atomNode = atom();
      items.push(quantified(atomNode));
    }
    return { type: 'seq', items };
  };

  const quantified = (body: RegexNode): RegexNode => {
    const bounds = quantifier();
    if (!bounds) return body;
    if (body.type === 'start' || body.type === 'end') fail('nothing to repeat');
    if (quantifierAhead()) fail('a quantifier cannot follow a quantifier');
    return { type: 'repeat', body, ...bounds };
  };

  const quantifierAhead = () => {
    const c = peek();
    return c === '*' || c === '+' || c === '?' || (c === '{' && braceQuantifierAt(pos) !== null);
  };

  const braceQuantifierAt = (at: number): { min: number; max: number | null; end: number } | null => {
    const rest = chars.slice(at, at + 16).join('');
    const match = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(rest);
    if (!match) return null;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? null : Number(match[3]);
    return { min, max, end: at + [...match[0]].length };
  };

  const quantifier = (): { min: number; max: number | null } | null => {
    const c = peek();
    let bounds: { min: number; max: number | null } | null = null;
    if (c === '*') bounds = { min: 0, max: null };
    else if (c === '+') bounds = { min: 1, max: null };
    else if (c === '?') bounds = { min: 0, max: 1 };
    if (bounds) pos += 1;
    else if (c === '{') {
      const brace = braceQuantifierAt(pos);
      if (!brace) fail("'{' must start a quantifier {n}, {n,} or {n,m} (write \\{ for the character)");
      else {
        if (brace.min > MAX_REPEAT || (brace.max ?? 0) > MAX_REPEAT)
          fail(`a repeat count above ${MAX_REPEAT}`);
        if (brace.max !== null && brace.max < brace.min) fail('a repeat range whose end is before its start');
        pos = brace.end;
        bounds = { min: brace.min, max: brace.max };
      }
    }
    if (bounds && peek() === '?') pos += 1; // lazy: the same texts match
    return bounds;
  };

  const atom = (): RegexNode => {
    const c = peek() as string;
    switch (c) {
      case '(': {
        pos += 1;
        if (peek() === '?') {
          if (chars[pos + 1] !== ':') fail('only (?: groups are supported');
          pos += 2;
        }
        const body = alternation();
        if (peek() !== ')') fail("missing ')'");
        pos += 1;
        return { type: 'group', body };
      }
      case '[':
        return characterClass();
      case '.':
        pos += 1;
        return { type: 'any' };
      case '^':
        pos += 1;
        return { type: 'start' };
      case '$':
        pos += 1;
        return { type: 'end' };
      case '\\':
        return escape(false);
      case '*':
      case '+':
      case '?':
        return fail('nothing to repeat');
      case '{':
        return fail(braceQuantifierAt(pos) ? 'nothing to repeat' : "write \\{ for the character '{'");
      case ']':
      case '}':
        return fail(`write \\${c} for the character '${c}'`);
      default:
        pos += 1;
        return { type: 'char', char: c };
    }
  };

  /** After a backslash: a metacharacter or punctuation as itself, or \d \w \s \D \W \S. */
  const escape = (inClass: boolean): RegexNode => {
    pos += 1;
    const c = peek();
    if (c === undefined) return fail('a pattern cannot end with \\');
    pos += 1;
    const lower = c.toLowerCase();
    if (lower in SHORTHAND && (c === lower || !inClass)) {
      return { type: 'class', negate: c !== lower, items: [SHORTHAND[lower] as ClassItem] };
    }
    if (/^[\p{L}\p{N}]$/u.test(c)) {
      return fail(`'\\${c}' is not supported (only \\d \\w \\s \\D \\W \\S)`);
    }
    return { type: 'char', char: c };
  };

  const characterClass = (): RegexNode => {
    pos += 1;
    const negate = peek() === '^';
    if (negate) pos += 1;
    const items: ClassItem[] = [];
    const single = (): string | ClassItem => {
      const c = peek();
      if (c === undefined) return fail("missing ']'");
      if (c === '\\') {
        const node = escape(true);
        return node.type === 'char' ? node.char : ((node as { items: ClassItem[] }).items[0] as ClassItem);
      }
      if (c === '[') fail("write \\[ for '[' inside a class");
      pos += 1;
      return c;
    };
    while (peek() !== ']') {
      if (pos >= chars.length) fail("missing ']'");
      const from = single();
      if (typeof from !== 'string') {
        items.push(from);
        continue;
      }
      if (peek() === '-' && chars[pos + 1] !== ']' && chars[pos + 1] !== undefined) {
        pos += 1;
        const to = single();
        if (typeof to !== 'string') fail('a range cannot end with a class');
        else if ((to.codePointAt(0) ?? 0) < (from.codePointAt(0) ?? 0))
          fail('a range whose end is before its start');
        else items.push({ from, to });
      } else items.push({ from, to: from });
    }
    pos += 1;
    if (items.length === 0) fail('an empty class');
    return { type: 'class', negate, items };
  };

  try {
    const node = alternation();
    if (pos < chars.length) fail("unmatched ')'");
    return { ok: true, node };
  } catch (error) {
    if (error instanceof RegexSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

const SHORTHAND_RANGES: Record<'d' | 'w' | 's', string> = {
  d: '0-9',
  w: 'A-Za-z0-9_',
  s: ' \\t\\n\\r\\f\\x0B',
};

/** Whether the node can only match the empty string at no position in particular: `()`, `(?:)*`. */
function matchesOnlyEmpty(node: RegexNode): boolean {
  switch (node.type) {
    case 'seq':
      return node.items.every(matchesOnlyEmpty);
    case 'group':
    case 'repeat':
      return matchesOnlyEmpty(node.body);
    case 'alt':
    case 'char':
    case 'any':
    case 'start':
    case 'end':
    case 'class':
      return false;
    default:
      return unreachable(node);
  }
}

/**
 * The pattern in a flavor's spelling (flags are the caller's: case-insensitive, dot-all).
 * Empty groups are left out: DuckDB 1.5 reads `^(?:)` as `^$` on a column (not on a constant),
 * and an empty group matches the empty string wherever it stands, so leaving it out changes nothing.
 */
export function writeRegex(node: RegexNode, flavor: RegexFlavor): string {
  switch (node.type) {
    case 'alt':
      return node.options.map((o) => writeRegex(o, flavor)).join('|');
    case 'seq':
      return node.items
        .filter((i) => !matchesOnlyEmpty(i))
        .map((i) => writeRegex(i, flavor))
        .join('');
    case 'group':
      return matchesOnlyEmpty(node.body) ? '' : `(?:${writeRegex(node.body, flavor)})`;
    case 'repeat': {
      if (matchesOnlyEmpty(node.body)) return '';
      const body = writeRegex(node.body, flavor);
      const max = node.max === null ? '' : String(node.max);
      return `${body}{${node.min}${node.max === node.min ? '' : `,${max}`}}`;
    }
    case 'char':
      return META.has(node.char) ? `\\${node.char}` : node.char;
    case 'any':
      return '.';
    case 'start':
      return '^';
    case 'end':
      return flavor === 'java' ? '\\z' : '$';
    case 'class':
      return `[${node.negate ? '^' : ''}${node.items.map((i) => classItem(i, flavor)).join('')}]`;
    default: {
      return unreachable(node);
    }
  }
}

function classItem(item: ClassItem, flavor: RegexFlavor): string {
  if ('shorthand' in item) return SHORTHAND_RANGES[item.shorthand];
  const from = classChar(item.from, flavor);
  return item.from === item.to ? from : `${from}-${classChar(item.to, flavor)}`;
}

function classChar(char: string, flavor: RegexFlavor): string {
  if (char === ']' || char === '\\' || char === '[' || char === '^' || char === '-') return `\\${char}`;
  if (char === '&' && flavor === 'java') return '\\&';
  return char;
}
