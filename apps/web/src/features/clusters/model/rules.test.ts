import { describe, expect, it } from 'vitest';
import { adGroupFields, numericField } from '../test/clustersFixtures';
import {
  addRule,
  changeField,
  changeOperator,
  deleteRule,
  duplicateRuleSet,
  newRuleSet,
  toEditorRuleSets,
  toRuleSets,
  type EditorRule,
} from './rules';

const rule = (overrides: Partial<EditorRule>): EditorRule => ({
  uuid: crypto.randomUUID(),
  field: 'ad_group_name',
  operator: 'contains',
  value: 'shoe',
  condition: null,
  ...overrides,
});

describe('rule editing (spec 001 §4)', () => {
  it('gives the second and later rules an and/or condition, the first none', () => {
    const rules = addRule(addRule([], adGroupFields, []), adGroupFields, []);
    expect(rules.map((r) => r.condition)).toEqual([null, 'and']);
  });

  it('deleting the first rule removes the condition from the new first rule', () => {
    const rules = [
      rule({ value: 'a' }),
      rule({ value: 'b', condition: 'or' }),
      rule({ value: 'c', condition: 'and' }),
    ];
    const left = deleteRule(rules, 0);
    expect(left.map((r) => [r.value, r.condition])).toEqual([
      ['b', null],
      ['c', 'and'],
    ]);
    expect(deleteRule(rules, 1).map((r) => r.condition)).toEqual([null, 'and']);
  });

  it('changing the field keeps an operator the new field has, else takes its first', () => {
    const text = rule({ operator: 'contains', value: 'shoe' });
    expect(changeField(text, adGroupFields[1], [])).toMatchObject({
      field: 'campaign_name',
      operator: 'contains',
      value: 'shoe',
    });
    expect(changeField(text, numericField('clicks', 'Clicks'), [])).toMatchObject({
      field: 'clicks',
      operator: 'eq',
    });
  });

  it('choosing a word-group operator sets the value to the first word group; leaving it clears the id', () => {
    const chosen = changeOperator(rule({ value: 'shoe' }), 'matches_wordgroup', ['g1', 'g2']);
    expect(chosen.value).toBe('g1');
    expect(changeOperator(chosen, 'contains', ['g1']).value).toBe('');
    expect(changeOperator(rule({ value: 'x' }), 'is_empty', []).value).toBe('');
  });

  it('duplicates a rule set under a new id with new rule keys', () => {
    const set = newRuleSet(adGroupFields, []);
    const copy = duplicateRuleSet({ ...set, name: 'Shoes' });
    expect(copy.id).not.toBe(set.id);
    expect(copy.name).toBe('Shoes');
    expect(copy.rules[0]!.uuid).not.toBe(set.rules[0]!.uuid);
    expect(copy.rules[0]!.field).toBe(set.rules[0]!.field);
  });

  it('sends the first rule without a condition and keys no rule by its client uuid', () => {
    const sets = toEditorRuleSets([
      {
        id: '5a1e0000-0000-4000-8000-000000000999',
        name: ' Shoes ',
        rules: [
          { field: 'ad_group_name', operator: 'contains', value: 'shoe', condition: 'or' },
          { field: 'clicks', operator: 'gt', value: '3', condition: 'or' },
        ],
      },
    ]);
    expect(sets[0]!.rules.map((r) => r.condition)).toEqual([null, 'or']);
    expect(toRuleSets(sets)).toEqual([
      {
        id: '5a1e0000-0000-4000-8000-000000000999',
        name: 'Shoes',
        rules: [
          { field: 'ad_group_name', operator: 'contains', value: 'shoe' },
          { field: 'clicks', operator: 'gt', value: '3', condition: 'or' },
        ],
      },
    ]);
  });
});
