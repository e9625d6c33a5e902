// What a cluster column means, decided once for the SQL compiler and the reference evaluator
// (decisions 260–264): the rule sets in order, each as alternatives (split at every `or`) of
// rules that must all hold (`and` binds tighter than `or`); text compared case-insensitively
// with NULL read as ''; numeric rules with an empty value left out.
import { ClusterRuleError, type RuleLocation } from './errors';
import { parsePortableRegex, type RegexNode } from './regex';
import type {
  ClusterColumn,
  ClusterContext,
  ClusterField,
  ClusterRuleSet,
  NumericOperator,
  RuleOperator,
} from './types';

export type TextTest = 'equals' | 'contains' | 'starts_with' | 'ends_with';

/** One rule, resolved. `negate` turns the text tests into their opposites (not equals, ...). */
export type Predicate =
  | { kind: 'text'; field: ClusterField; test: TextTest; value: string; negate: boolean }
  | { kind: 'empty'; field: ClusterField }
  | { kind: 'regex'; field: ClusterField; regex: RegexNode; negate: boolean }
  /**
   * A word group: any of `terms` and none of `exclude` appear in the text (case-insensitive
   * substrings); blank and repeated terms dropped.
   */
  | { kind: 'word_group'; field: ClusterField; terms: string[]; exclude: string[]; negate: boolean }
  | { kind: 'number'; field: ClusterField; operator: NumericOperator; value: number };

/** A rule set: it matches when every predicate of one of its alternatives holds. */
export type RuleSetPlan = { ruleSet: ClusterRuleSet; alternatives: Predicate[][] };

export function planColumn(column: ClusterColumn, context: ClusterContext): RuleSetPlan[] {
  const fields = new Map(context.fields.map((f) => [f.id, f]));
  const groups = new Map(context.wordGroups.map((g) => [g.id, g]));
  return column.ruleSets.map((ruleSet) => {
    const alternatives: Predicate[][] = [];
    // A numeric rule with an empty value holds for every row (it is left out); an alternative
    // of such rules alone would match everything, so it is dropped instead.
    let current: Predicate[] = [];
    const close = () => {
      if (current.length > 0) alternatives.push(current);
      current = [];
    };
    ruleSet.rules.forEach((rule, ruleIndex) => {
      const at: RuleLocation = { ruleSetId: ruleSet.id, ruleSetName: ruleSet.name, ruleIndex };
      if (ruleIndex > 0 && rule.condition === 'or') close();
      const field = fields.get(rule.field);
      if (!field) throw new ClusterRuleError('unknown_field', `no field '${rule.field}'`, at);
      const predicate = resolve(field, rule.operator, rule.value, groups, at);
      if (predicate) current.push(predicate);
    });
    close();
    return { ruleSet, alternatives };
  });
}

function resolve(
  field: ClusterField,
  operator: RuleOperator,
  value: string,
  groups: ReadonlyMap<string, ClusterContext['wordGroups'][number]>,
  at: RuleLocation,
): Predicate | null {
  const text = field.type === 'other';
  const notAllowed = () =>
    new ClusterRuleError('operator_not_allowed', `'${operator}' does not apply to a ${field.type} field`, at);
  switch (operator) {
    case 'equals':
    case 'contains':
    case 'starts_with':
    case 'ends_with':
      if (!text) throw notAllowed();
      return { kind: 'text', field, test: operator, value, negate: false };
    case 'not_equals':
      if (!text) throw notAllowed();
      return { kind: 'text', field, test: 'equals', value, negate: true };
    case 'not_contains':
      if (!text) throw notAllowed();
      return { kind: 'text', field, test: 'contains', value, negate: true };
    case 'is_empty':
      if (!text) throw notAllowed();
      return { kind: 'empty', field };
    case 'matches':
    case 'not_matches': {
      if (!text) throw notAllowed();
      const parsed = parsePortableRegex(value);
      if (!parsed.ok) {
        throw new ClusterRuleError(
          'invalid_regex',
          `invalid regular expression: ${parsed.error}`,
          at,
          parsed.error,
        );
      }
      return { kind: 'regex', field, regex: parsed.node, negate: operator === 'not_matches' };
    }
    case 'matches_wordgroup':
    case 'not_matches_wordgroup': {
      if (!text) throw notAllowed();
      const group = groups.get(value);
      if (!group) throw new ClusterRuleError('unknown_word_group', `no word group '${value}'`, at);
      return {
        kind: 'word_group',
        field,
        terms: termList(group.terms),
        exclude: termList(group.excludeTerms),
        negate: operator === 'not_matches_wordgroup',
      };
    }
    case 'eq':
    case 'ne':
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      if (text) throw notAllowed();
      const number = parseRuleNumber(value, field.type === 'money' ? 6 : 0);
      if (number === 'invalid') {
        throw new ClusterRuleError('invalid_number', 'Please enter a number', at);
      }
      return number === null ? null : { kind: 'number', field, operator, value: number };
    }
    default:
      throw new ClusterRuleError('operator_not_allowed', `unknown operator '${String(operator)}'`, at);
  }
}

/** Blank terms are dropped, as the editor drops them: '' would be in every text. */
function termList(terms: readonly string[]): string[] {
  return [...new Set(terms.filter((t) => t !== ''))];
}

/**
 * Terms as one regular expression matching any of them literally: one pass over the text
 * instead of one per term (decision 263); null for no terms.
 */
export function literalAlternation(terms: readonly string[]): RegexNode | null {
  const options = terms.map((t): RegexNode => ({
    type: 'seq',
    items: [...t].map((char) => ({ type: 'char', char })),
  }));
  return options.length === 0 ? null : { type: 'alt', options };
}

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * A numeric rule's value: empty (blank) is `null`, a plain decimal (`12`, `-3.5`, `.25`) its
 * number times 10^`shift` (money: whole units to micros, shifted in the digits so that 12.34 is
 * exactly 12,340,000), anything else `'invalid'`.
 */
export function parseRuleNumber(value: string, shift = 0): number | null | 'invalid' {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const match = NUMBER.exec(trimmed);
  if (!match) return 'invalid';
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return 'invalid';
  const padded = fraction.padEnd(shift, '0');
  const digits = `${whole}${padded.slice(0, shift)}`;
  const rest = padded.slice(shift);
  const number = Number(`${sign}${digits === '' ? '0' : digits}${rest === '' ? '' : `.${rest}`}`);
  return Number.isFinite(number) ? number : 'invalid';
}
