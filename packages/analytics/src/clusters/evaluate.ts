import { unreachable } from '@maya/contracts';
// The reference evaluator: a cluster column's value for one row, computed in TypeScript with the
// meaning of rules.ts. The property tests hold the compiled SQL to it on real engines.
import { writeRegex, type RegexNode } from './regex';
import { textOf as asText } from './values';
import { literalAlternation, planColumn, type Predicate, type TextTest } from './rules';
import type { ClusterColumn, ClusterContext, NumericOperator } from './types';

/** A row as the warehouse returns it, keyed by column name. */
export type ClusterRow = Readonly<Record<string, unknown>>;

/**
 * Prepares a column once and returns the function that labels rows: the first matching rule
 * set's name, or null. Throws the compiler's `ClusterRuleError`s for the same rules.
 */
export function clusterEvaluator(
  column: ClusterColumn,
  context: ClusterContext,
): (row: ClusterRow) => string | null {
  const plans = planColumn(column, context).map(({ ruleSet, alternatives }) => ({
    name: ruleSet.name,
    alternatives: alternatives.map((all) => all.map(predicateTest)),
  }));
  return (row) => {
    for (const plan of plans) {
      if (plan.alternatives.some((all) => all.every((test) => test(row)))) return plan.name;
    }
    return null;
  };
}

export function evaluateClusterColumn(
  column: ClusterColumn,
  context: ClusterContext,
  row: ClusterRow,
): string | null {
  return clusterEvaluator(column, context)(row);
}

/** A pattern of the portable subset with the engines' flags: case-insensitive, `.` matching all. */
function jsRegex(node: RegexNode): RegExp {
  return new RegExp(writeRegex(node, 'js'), 'isu');
}

function passes(test: TextTest, text: string, needle: string): boolean {
  switch (test) {
    case 'equals':
      return text === needle;
    case 'contains':
      return text.includes(needle);
    case 'starts_with':
      return text.startsWith(needle);
    case 'ends_with':
      return text.endsWith(needle);
    default:
      return unreachable(test);
  }
}

function compare(operator: NumericOperator, a: number, b: number): boolean {
  switch (operator) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'lt':
      return a < b;
    case 'lte':
      return a <= b;
    case 'gt':
      return a > b;
    case 'gte':
      return a >= b;
    default:
      return unreachable(operator);
  }
}

function predicateTest(p: Predicate): (row: ClusterRow) => boolean {
  const column = p.field.column;
  switch (p.kind) {
    case 'text': {
      const needle = p.value.toLowerCase();
      return (row) => passes(p.test, asText(row[column]).toLowerCase(), needle) !== p.negate;
    }
    case 'empty':
      return (row) => asText(row[column]) === '';
    case 'regex': {
      const regex = jsRegex(p.regex);
      return (row) => regex.test(asText(row[column])) !== p.negate;
    }
    case 'word_group': {
      const termsNode = literalAlternation(p.terms);
      const excludeNode = literalAlternation(p.exclude);
      const terms = termsNode && jsRegex(termsNode);
      const excluded = excludeNode && jsRegex(excludeNode);
      return (row) => {
        const text = asText(row[column]);
        const matches = terms !== null && terms.test(text) && !(excluded?.test(text) ?? false);
        return matches !== p.negate;
      };
    }
    case 'number':
      return (row) => {
        const value = row[column];
        if (value === null || value === undefined || value === '') return false;
        return compare(p.operator, Number(value), p.value);
      };
    default:
      return unreachable(p);
  }
}
