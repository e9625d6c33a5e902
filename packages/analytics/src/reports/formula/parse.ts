// Calculated metrics: a formula over a table's measures (`spend / conversions`,
// `(clicks / impressions) * 100`), parsed by a recursive-descent parser into a small tree. The
// grammar is the four operations, parentheses, unary minus, numbers and measure names; nothing
// else reaches the compiler, so a formula can never carry SQL of its own.
//
//   expression := term (('+' | '-') term)*
//   term       := unary (('*' | '/') unary)*
//   unary      := '-' unary | primary
//   primary    := number | name | '(' expression ')'

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'measure'; name: string; position: number }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode };

/** A formula that does not parse or names what the table lacks; `position` is a 0-based index. */
export class FormulaError extends Error {
  override readonly name = 'FormulaError';
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.position = position;
  }
}

export const formulaLimits = { maxLength: 500, maxDepth: 32, maxMeasures: 20 } as const;

type Token =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'name'; name: string; position: number }
  | { kind: 'symbol'; symbol: '+' | '-' | '*' | '/' | '(' | ')'; position: number }
  | { kind: 'end'; position: number };

const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SYMBOLS = new Set(['+', '-', '*', '/', '(', ')']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space !== null) {
      i += space[0].length;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number !== null) {
      const value = Number(number[0]);
      if (!Number.isFinite(value)) throw new FormulaError(`The number ${number[0]} is too large`, i);
      tokens.push({ kind: 'number', value, position: i });
      i += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name !== null) {
      tokens.push({ kind: 'name', name: name[0], position: i });
      i += name[0].length;
      continue;
    }
    const symbol = rest.charAt(0);
    if (!SYMBOLS.has(symbol)) throw new FormulaError(`Unexpected character "${symbol}"`, i);
    tokens.push({ kind: 'symbol', symbol: symbol as '+', position: i });
    i += 1;
  }
  tokens.push({ kind: 'end', position: text.length });
  return tokens;
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'number':
      return `the number ${String(token.value)}`;
    case 'name':
      return `"${token.name}"`;
    case 'symbol':
      return `"${token.symbol}"`;
    case 'end':
      return 'the end of the formula';
  }
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): FormulaNode {
    const node = this.expression(0);
    const next = this.peek();
    if (next.kind !== 'end')
      throw new FormulaError(`Expected an operator, found ${describe(next)}`, next.position);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index] ?? { kind: 'end', position: 0 };
  }

  private take(): Token {
    const token = this.peek();
    this.index += 1;
    return token;
  }

  private isSymbol(...symbols: string[]): string | null {
    const token = this.peek();
    return token.kind === 'symbol' && symbols.includes(token.symbol) ? token.symbol : null;
  }

  private expression(depth: number): FormulaNode {
    let left = this.term(depth);
    for (let op = this.isSymbol('+', '-'); op !== null; op = this.isSymbol('+', '-')) {
      this.take();
      left = { kind: 'binary', operator: op as '+' | '-', left, right: this.term(depth) };
    }
    return left;
  }

  private term(depth: number): FormulaNode {
    let left = this.unary(depth);
    for (let op = this.isSymbol('*', '/'); op !== null; op = this.isSymbol('*', '/')) {
      this.take();
      left = { kind: 'binary', operator: op as '*' | '/', left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): FormulaNode {
    if (depth > formulaLimits.maxDepth) {
      throw new FormulaError('The formula is nested too deeply', this.peek().position);
    }
    if (this.isSymbol('-') !== null) {
      this.take();
      return { kind: 'negate', operand: this.unary(depth + 1) };
    }
    return this.primary(depth);
  }

  private primary(depth: number): FormulaNode {
    const token = this.take();
    if (token.kind === 'number') return { kind: 'number', value: token.value };
    if (token.kind === 'name') return { kind: 'measure', name: token.name, position: token.position };
    if (token.kind === 'symbol' && token.symbol === '(') {
      const inner = this.expression(depth + 1);
      const close = this.take();
      if (close.kind !== 'symbol' || close.symbol !== ')') {
        throw new FormulaError(`Expected ")", found ${describe(close)}`, close.position);
      }
      return inner;
    }
    throw new FormulaError(`Expected a measure, a number or "(", found ${describe(token)}`, token.position);
  }
}

/** The formula's tree; a `FormulaError` naming where it fails otherwise. */
export function parseFormula(text: string): FormulaNode {
  if (text.length > formulaLimits.maxLength) {
    throw new FormulaError(
      `A formula has at most ${String(formulaLimits.maxLength)} characters`,
      formulaLimits.maxLength,
    );
  }
  if (text.trim() === '') throw new FormulaError('Please write a formula', 0);
  const tree = new Parser(tokenize(text)).parse();
  if (formulaMeasures(tree).length > formulaLimits.maxMeasures) {
    throw new FormulaError(`A formula reads at most ${String(formulaLimits.maxMeasures)} measures`, 0);
  }
  return tree;
}

/** The measure names a formula reads, each once, in order of appearance. */
export function formulaMeasures(node: FormulaNode): string[] {
  return [...new Set(measureReferences(node).map((m) => m.name))];
}

/** Every measure the formula names, with where, in order of appearance. */
export function measureReferences(node: FormulaNode): { name: string; position: number }[] {
  const found: { name: string; position: number }[] = [];
  const walk = (n: FormulaNode): void => {
    switch (n.kind) {
      case 'number':
        return;
      case 'measure':
        found.push({ name: n.name, position: n.position });
        return;
      case 'negate':
        walk(n.operand);
        return;
      case 'binary':
        walk(n.left);
        walk(n.right);
        return;
    }
  };
  walk(node);
  return found;
}
