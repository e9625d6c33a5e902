import {
  WORD_GROUP_OPERATORS,
  type ClusterField,
  type ClusterOperator,
  type ClusterRule,
  type ClusterRuleSet,
  type RuleCondition,
} from '@maya/contracts';

/** A rule as the editor holds it: the client-only `uuid` keys its row (spec 001 §3). */
export type EditorRule = Omit<ClusterRule, 'uuid' | 'condition'> & {
  uuid: string;
  condition: RuleCondition | null;
};
export type EditorRuleSet = { id: string; name: string; rules: EditorRule[] };
export type ColumnFormValues = { name: string; values: EditorRuleSet[] };

/** The word groups a rule may name: their ids, in the server's order. */
export type WordGroupIds = readonly string[];

const newId = (): string => crypto.randomUUID();

export const isWordGroupOperator = (operator: ClusterOperator): boolean =>
  WORD_GROUP_OPERATORS.includes(operator);

/** The editor's copy of a saved column's rule sets: every rule gets its row key. */
export function toEditorRuleSets(ruleSets: readonly ClusterRuleSet[]): EditorRuleSet[] {
  return ruleSets.map((set) => ({
    id: set.id,
    name: set.name,
    rules: set.rules.map((rule, index) => ({
      field: rule.field,
      operator: rule.operator,
      value: rule.value,
      condition: index === 0 ? null : (rule.condition ?? 'and'),
      uuid: newId(),
    })),
  }));
}

/** What a save or a preview sends: the first rule without a condition, the others with theirs. */
export function toRuleSets(ruleSets: readonly EditorRuleSet[]): ClusterRuleSet[] {
  return ruleSets.map((set) => ({
    id: set.id,
    name: set.name.trim(),
    rules: set.rules.map((rule, index) => ({
      field: rule.field,
      operator: rule.operator,
      value: rule.value,
      ...(index === 0 ? {} : { condition: rule.condition ?? 'and' }),
    })),
  }));
}

/** A rule's value once its operator is set: a word-group operator names the first word group (spec 001 §4). */
function valueFor(operator: ClusterOperator, previous: EditorRule | null, wordGroups: WordGroupIds): string {
  if (isWordGroupOperator(operator)) return wordGroups[0] ?? '';
  if (operator === 'is_empty') return '';
  // A word group's id means nothing to another operator.
  if (previous !== null && isWordGroupOperator(previous.operator)) return '';
  return previous?.value ?? '';
}

/** A new rule on the first field with its first operator; `and` unless it is the first. */
export function newRule(
  fields: readonly ClusterField[],
  wordGroups: WordGroupIds,
  first: boolean,
): EditorRule {
  const field = fields[0];
  const operator = field?.operators[0]?.key ?? 'equals';
  return {
    uuid: newId(),
    field: field?.id ?? '',
    operator,
    value: valueFor(operator, null, wordGroups),
    condition: first ? null : 'and',
  };
}

export function newRuleSet(fields: readonly ClusterField[], wordGroups: WordGroupIds): EditorRuleSet {
  return { id: newId(), name: '', rules: [newRule(fields, wordGroups, true)] };
}

/** A copy under a new id, its rules with new row keys (spec 001 §4). */
export function duplicateRuleSet(set: EditorRuleSet): EditorRuleSet {
  return { id: newId(), name: set.name, rules: set.rules.map((rule) => ({ ...rule, uuid: newId() })) };
}

export function addRule(
  rules: readonly EditorRule[],
  fields: readonly ClusterField[],
  wordGroups: WordGroupIds,
) {
  return [...rules, newRule(fields, wordGroups, rules.length === 0)];
}

/** Removes a rule; the rule that becomes first loses its condition (spec 001 §4). */
export function deleteRule(rules: readonly EditorRule[], index: number): EditorRule[] {
  const kept = rules.filter((_, i) => i !== index);
  return kept.map((rule, i) => (i === 0 ? { ...rule, condition: null } : rule));
}

/**
 * A rule on another field: the operator stays when the new field has it, else it becomes the
 * field's first operator (spec 001 §4), whose value follows it.
 */
export function changeField(
  rule: EditorRule,
  field: ClusterField | undefined,
  wordGroups: WordGroupIds,
): EditorRule {
  if (field === undefined) return rule;
  const keeps = field.operators.some((option) => option.key === rule.operator);
  const operator = keeps ? rule.operator : (field.operators[0]?.key ?? rule.operator);
  if (operator === rule.operator) return { ...rule, field: field.id };
  return { ...rule, field: field.id, operator, value: valueFor(operator, rule, wordGroups) };
}

/** A rule with another operator: a word-group operator takes the first word group (spec 001 §4). */
export function changeOperator(
  rule: EditorRule,
  operator: ClusterOperator,
  wordGroups: WordGroupIds,
): EditorRule {
  return { ...rule, operator, value: valueFor(operator, rule, wordGroups) };
}

/** The list with the item at `from` moved to `to`. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
