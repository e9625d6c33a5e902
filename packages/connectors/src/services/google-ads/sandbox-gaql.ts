// A parser for the Google Ads Query Language as far as the sandbox serves it:
//   SELECT field, ... FROM resource [WHERE condition AND ...] [ORDER BY field [ASC|DESC], ...] [LIMIT n]
// with conditions `=, !=, <, <=, >, >=, IN, NOT IN, BETWEEN ... AND ..., DURING <range>`. Anything
// else is refused with the QueryError Google would give, never silently ignored.
// https://developers.google.com/google-ads/api/docs/query/grammar
import { AdsFailure } from './sandbox-errors';

export type GaqlValue = string | number | boolean;
export type GaqlOperator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'IN' | 'NOT IN' | 'BETWEEN' | 'DURING';
export type GaqlCondition = { field: string; operator: GaqlOperator; values: GaqlValue[] };
export type GaqlOrder = { field: string; descending: boolean };
export type GaqlQuery = {
  select: string[];
  from: string;
  where: GaqlCondition[];
  orderBy: GaqlOrder[];
  limit: number | null;
};

/** A query Google refuses (400 with a QueryError). */
export const queryError = (code: string, message: string) => new AdsFailure({ queryError: code }, message);

type Token =
  | { kind: 'word'; text: string; upper: string }
  | { kind: 'string'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'symbol'; text: string };

const TOKEN =
  /\s*(?:([A-Za-z_][A-Za-z0-9_.]*)|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)|(!=|<=|>=|[=<>(),]))/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(text);
    if (!match) {
      const rest = text.slice(at).trimStart();
      if (rest.startsWith("'") || rest.startsWith('"')) {
        throw queryError('STRING_NOT_TERMINATED', 'Error in query: unterminated string.');
      }
      throw queryError('BAD_SYMBOL', `Error in query: unexpected input ${rest.slice(0, 20)}.`);
    }
    at = TOKEN.lastIndex;
    const [, word, single, double, number, symbol] = match;
    if (word !== undefined) tokens.push({ kind: 'word', text: word, upper: word.toUpperCase() });
    else if (single !== undefined || double !== undefined) {
      const raw = single ?? double ?? '';
      if (raw.includes('\n'))
        throw queryError('PROHIBITED_NEWLINE_IN_STRING', 'Error in query: newline in string.');
      tokens.push({ kind: 'string', text: raw.replace(/\\(.)/g, '$1') });
    } else if (number !== undefined) tokens.push({ kind: 'number', value: Number(number) });
    else if (symbol !== undefined) tokens.push({ kind: 'symbol', text: symbol });
  }
  return tokens;
}

class Reader {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(): Token | undefined {
    return this.tokens[this.at];
  }
  next(): Token {
    const token = this.tokens[this.at++];
    if (!token) throw queryError('UNEXPECTED_END_OF_QUERY', 'Error in query: unexpected end of query.');
    return token;
  }
  isWord(upper: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.upper === upper;
  }
  isSymbol(text: string): boolean {
    const token = this.peek();
    return token?.kind === 'symbol' && token.text === text;
  }
  expectWord(upper: string, code: string): void {
    if (!this.isWord(upper)) throw queryError(code, `Error in query: expected ${upper}.`);
    this.at++;
  }
  expectSymbol(text: string): void {
    if (!this.isSymbol(text)) throw queryError('UNEXPECTED_INPUT', `Error in query: expected '${text}'.`);
    this.at++;
  }
  done(): boolean {
    return this.at >= this.tokens.length;
  }
}

const CLAUSE_WORDS = new Set(['SELECT', 'FROM', 'WHERE', 'AND', 'ORDER', 'BY', 'LIMIT', 'PARAMETERS']);

function field(reader: Reader, clause: string): string {
  const token = reader.next();
  if (token.kind !== 'word' || CLAUSE_WORDS.has(token.upper) || !token.text.includes('.')) {
    throw queryError('BAD_FIELD_NAME', `Error in ${clause} clause: invalid field name.`);
  }
  return token.text;
}

function value(reader: Reader): GaqlValue {
  const token = reader.next();
  switch (token.kind) {
    case 'string':
      return token.text;
    case 'number':
      return token.value;
    case 'word':
      if (token.upper === 'TRUE' || token.upper === 'FALSE') return token.upper === 'TRUE';
      // An enum constant may be written bare: campaign.status = ENABLED.
      if (/^[A-Z][A-Z0-9_]*$/.test(token.text)) return token.text;
      throw queryError('BAD_VALUE', `Error in WHERE clause: invalid value ${token.text}.`);
    case 'symbol':
      throw queryError('BAD_VALUE', `Error in WHERE clause: invalid value ${token.text}.`);
    default:
      throw new Error(`unknown token ${JSON.stringify(token satisfies never)}`);
  }
}

function list(reader: Reader): GaqlValue[] {
  reader.expectSymbol('(');
  const values: GaqlValue[] = [];
  while (!reader.isSymbol(')')) {
    values.push(value(reader));
    if (!reader.isSymbol(')')) reader.expectSymbol(',');
  }
  reader.expectSymbol(')');
  if (values.length === 0)
    throw queryError('PROHIBITED_EMPTY_LIST_IN_CONDITION', 'Error in WHERE clause: empty list.');
  return values;
}

function condition(reader: Reader): GaqlCondition {
  const name = field(reader, 'WHERE');
  const token = reader.next();
  if (token.kind === 'symbol' && ['=', '!=', '<', '<=', '>', '>='].includes(token.text)) {
    return { field: name, operator: token.text as GaqlOperator, values: [value(reader)] };
  }
  if (token.kind === 'word') {
    switch (token.upper) {
      case 'IN':
        return { field: name, operator: 'IN', values: list(reader) };
      case 'NOT':
        reader.expectWord('IN', 'BAD_OPERATOR');
        return { field: name, operator: 'NOT IN', values: list(reader) };
      case 'BETWEEN': {
        const low = value(reader);
        reader.expectWord('AND', 'EXPECTED_AND');
        return { field: name, operator: 'BETWEEN', values: [low, value(reader)] };
      }
      case 'DURING': {
        const literal = reader.next();
        if (literal.kind !== 'word') {
          throw queryError(
            'INVALID_VALUE_WITH_DURING_OPERATOR',
            'Error in WHERE clause: DURING needs a date range.',
          );
        }
        return { field: name, operator: 'DURING', values: [literal.upper] };
      }
      default:
        break;
    }
  }
  const text = token.kind === 'word' || token.kind === 'symbol' ? token.text : '';
  throw queryError(
    'BAD_OPERATOR',
    `Error in WHERE clause: operator ${text} is not supported by the sandbox.`,
  );
}

export function parseGaql(text: string): GaqlQuery {
  const reader = new Reader(tokenize(text));
  reader.expectWord('SELECT', 'EXPECTED_SELECT');
  const select = [field(reader, 'SELECT')];
  while (reader.isSymbol(',')) {
    reader.next();
    select.push(field(reader, 'SELECT'));
  }
  reader.expectWord('FROM', 'EXPECTED_FROM');
  const resource = reader.next();
  if (resource.kind !== 'word' || resource.text.includes('.')) {
    throw queryError('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', 'Error in FROM clause: invalid resource name.');
  }
  const query: GaqlQuery = { select, from: resource.text, where: [], orderBy: [], limit: null };
  if (reader.isWord('WHERE')) {
    reader.next();
    query.where.push(condition(reader));
    while (reader.isWord('AND')) {
      reader.next();
      query.where.push(condition(reader));
    }
  }
  if (reader.isWord('ORDER')) {
    reader.next();
    reader.expectWord('BY', 'EXPECTED_BY');
    do {
      if (reader.isSymbol(',')) reader.next();
      const name = field(reader, 'ORDER BY');
      const descending = reader.isWord('DESC');
      if (descending || reader.isWord('ASC')) reader.next();
      query.orderBy.push({ field: name, descending });
    } while (reader.isSymbol(','));
  }
  if (reader.isWord('LIMIT')) {
    reader.next();
    const limit = reader.next();
    if (limit.kind !== 'number' || !Number.isInteger(limit.value)) {
      throw queryError('BAD_LIMIT_VALUE', 'Error in LIMIT clause: the limit must be a whole number.');
    }
    if (limit.value < 1)
      throw queryError('LIMIT_VALUE_TOO_LOW', 'Error in LIMIT clause: the limit is too low.');
    query.limit = limit.value;
  }
  if (reader.isWord('PARAMETERS')) {
    throw queryError('BAD_PARAMETER_NAME', 'Error in PARAMETERS clause: the sandbox supports no parameters.');
  }
  if (!reader.done())
    throw queryError('UNEXPECTED_INPUT', 'Error in query: unexpected input after the query.');
  return query;
}
