import { unreachable } from '@maya/contracts';
// A cluster column as one SQL CASE expression: the first rule set whose rules hold gives its
// "then" value, no match gives NULL. Values (texts, numbers, patterns, word-group terms, the
// "then" values) are bound as `$n` placeholders numbered after `offset`; the SQL text holds only
// checked identifiers and fixed spellings.
import { assertIdentifier } from '@maya/warehouse/interface';
import { ident, type SqlDialect } from '../models/dialect';
import { doubleType, enginePattern, lowerText, regexTest, textTest, textType } from './dialect-sql';
import type { RegexNode } from './regex';
import { literalAlternation, planColumn, type Predicate } from './rules';
import type { ClusterColumn, CompileOptions, CompiledSql, NumericOperator } from './types';

const COMPARISON: Record<NumericOperator, string> = {
  eq: '=',
  ne: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

export function compileClusterColumn(column: ClusterColumn, options: CompileOptions): CompiledSql {
  const { dialect, offset } = options;
  if (!Number.isInteger(offset) || offset < 0)
    throw new Error(`offset must be a whole number ≥ 0, got ${offset}`);
  const params: unknown[] = [];
  const bind = (value: unknown): string => {
    params.push(value);
    return `$${offset + params.length}`;
  };
  const text = (value: string) => `CAST(${bind(value)} AS ${textType(dialect)})`;
  const columnOf = (name: string): string => {
    assertIdentifier(name, 'field column');
    return options.columnSql ? options.columnSql(name) : ident(dialect, name);
  };

  const predicate = (p: Predicate): string => {
    const col = columnOf(p.field.column);
    switch (p.kind) {
      case 'text': {
        const test = textTest(dialect, p.test, lowerText(dialect, col), `LOWER(${text(p.value)})`);
        return p.negate ? `NOT (${test})` : test;
      }
      case 'empty':
        return `COALESCE(CAST(${col} AS ${textType(dialect)}), '') = ''`;
      case 'regex': {
        const test = regexTest(
          dialect,
          `COALESCE(CAST(${col} AS ${textType(dialect)}), '')`,
          text(enginePattern(dialect, p.regex)),
        );
        return p.negate ? `NOT (${test})` : test;
      }
      case 'word_group': {
        const any = (terms: string[]) => anyTerm(terms, col);
        const test =
          p.terms.length === 0
            ? 'FALSE'
            : p.exclude.length === 0
              ? any(p.terms)
              : `(${any(p.terms)} AND NOT ${any(p.exclude)})`;
        return p.negate ? `NOT (${test})` : test;
      }
      case 'number':
        return `${col} ${COMPARISON[p.operator]} CAST(${bind(p.value)} AS ${doubleType(dialect)})`;
      default:
        return unreachable(p);
    }
  };

  /**
   * Any of the terms is in the column: one regex alternation of the literal terms, except on
   * PostgreSQL, which keeps only 32 compiled regexes per session and recompiles every other one
   * for each row; there, one STRPOS per term (decision 263).
   */
  const anyTerm = (terms: string[], col: string): string => {
    if (dialect === 'postgres') {
      const lowered = lowerText(dialect, col);
      return `(${terms.map((t) => textTest(dialect, 'contains', lowered, `LOWER(${text(t)})`)).join(' OR ')})`;
    }
    const alternation = literalAlternation(terms) as RegexNode;
    const subject = `COALESCE(CAST(${col} AS ${textType(dialect)}), '')`;
    return regexTest(dialect, subject, text(enginePattern(dialect, alternation)));
  };

  const whens: string[] = [];
  for (const { ruleSet, alternatives } of planColumn(column, options)) {
    if (alternatives.length === 0) continue; // no rule to hold: the rule set matches no row
    const condition = alternatives
      .map((all) =>
        all.length === 1 ? predicate(all[0] as Predicate) : `(${all.map(predicate).join(' AND ')})`,
      )
      .join(' OR ');
    whens.push(`WHEN ${condition} THEN ${text(ruleSet.name)}`);
  }
  const sql = whens.length === 0 ? nullText(dialect) : `CASE ${whens.join(' ')} END`;
  return { sql, params };
}

/** A NULL of the text type: what a column no rule set can match reads as. */
export function nullText(dialect: SqlDialect): string {
  return `CAST(NULL AS ${textType(dialect)})`;
}
