// fast-check generators for the property tests: texts made of the characters that break naive
// SQL and regex handling, regular expressions of the portable subset (and near misses), and
// random columns of rules over a small table.
import fc from 'fast-check';
import type {
  ClusterColumn,
  ClusterRule,
  NumericOperator,
  TextOperator,
  WordGroup,
} from '../src/clusters/types';

export const TEXT_FIELDS = ['name', 'note'] as const;
export const NUMERIC_FIELDS = ['cost'] as const;

const HOSTILE = [...'\'"\\%_.*+?()[]{}|^$-;/ \n\t', '--', '/*', '$1', "\\'", 'é', 'É', 'ß'];
const PLAIN = [...'abcAB01'];

/** Short texts from plain and hostile pieces, so that values and rows often overlap. */
export const hostileText = fc
  .array(fc.constantFrom(...PLAIN, ...PLAIN, ...HOSTILE), { maxLength: 8 })
  .map((parts) => parts.join(''));

const literal = fc.oneof(
  fc.constantFrom(...PLAIN),
  fc.constantFrom(...'.*+?()[]{}|^$\\-').map((c) => `\\${c}`),
  fc.constantFrom(' ', "'", '"', '%', '_', '-', 'é'),
);
const atom: fc.Arbitrary<string> = fc.letrec<{ atom: string; regex: string }>((tie) => ({
  atom: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    fc.constantFrom(
      '.',
      '\\d',
      '\\w',
      '\\s',
      '\\D',
      '\\W',
      '\\S',
      '[a-c]',
      '[^a_]',
      '[\\d%]',
      '[-.]',
      "[\\]']",
    ),
    tie('regex').map((r) => `(${r})`),
    tie('regex').map((r) => `(?:${r})`),
  ),
  regex: fc
    .array(fc.tuple(tie('atom'), fc.constantFrom('', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?')), {
      maxLength: 4,
    })
    .chain((pieces) =>
      fc
        .tuple(fc.boolean(), fc.boolean(), fc.boolean())
        .map(
          ([start, end, alt]) =>
            `${start ? '^' : ''}${pieces.map(([a, q]) => a + q).join('')}${end ? '$' : ''}${alt ? '|b' : ''}`,
        ),
    ),
})).regex;

/** Patterns of the portable subset, and strings that are mostly not (rejected before SQL). */
export const regexValue = fc.oneof(atom, atom, hostileText);

const numberValue = fc.oneof(
  fc.constantFrom('', ' ', '0', '1', '-3', '2.5', '.5', '1000', 'abc', '1e3', '--1'),
  fc.integer({ min: -10, max: 10 }).map(String),
);

export function wordGroupsArb(): fc.Arbitrary<WordGroup[]> {
  return fc
    .array(
      fc.record({
        terms: fc.array(hostileText, { maxLength: 4 }),
        excludeTerms: fc.array(hostileText, { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((groups) => groups.map((g, i) => ({ id: `wg${i}`, name: `Group ${i}`, ...g })));
}

const TEXT_OPS: TextOperator[] = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'matches',
  'not_matches',
  'matches_wordgroup',
  'not_matches_wordgroup',
  'is_empty',
];
const NUMERIC_OPS: NumericOperator[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'];

function ruleArb(groups: number): fc.Arbitrary<Omit<ClusterRule, 'condition'>> {
  const text = fc
    .tuple(fc.constantFrom(...TEXT_FIELDS), fc.constantFrom(...TEXT_OPS))
    .chain(([field, operator]) => {
      const value =
        operator === 'matches' || operator === 'not_matches'
          ? regexValue
          : operator === 'matches_wordgroup' || operator === 'not_matches_wordgroup'
            ? fc.integer({ min: 0, max: groups - 1 }).map((i) => `wg${i}`)
            : hostileText;
      return value.map((v) => ({ field, operator, value: v }));
    });
  const numeric = fc
    .tuple(fc.constantFrom(...NUMERIC_FIELDS), fc.constantFrom(...NUMERIC_OPS), numberValue)
    .map(([field, operator, value]) => ({ field, operator, value }));
  return fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: numeric });
}

export function columnArb(groups: number): fc.Arbitrary<ClusterColumn> {
  const ruleSet = fc.array(fc.tuple(ruleArb(groups), fc.constantFrom<'and' | 'or'>('and', 'or')), {
    minLength: 0,
    maxLength: 4,
  });
  return fc.array(fc.tuple(ruleSet, hostileText), { minLength: 1, maxLength: 4 }).map((sets) => ({
    id: 'col',
    name: 'Column',
    dbName: 'col',
    ruleSets: sets.map(([rules, name], i) => ({
      id: `rs${i}`,
      name: `${i}:${name}`,
      rules: rules.map(([rule, condition], j) => (j === 0 ? rule : { ...rule, condition })),
    })),
  }));
}

export type TestRow = { id: number; name: string | null; note: string | null; cost: number | null };

export const rowsArb: fc.Arbitrary<TestRow[]> = fc
  .array(
    fc.record({
      name: fc.option(hostileText, { nil: null }),
      note: fc.option(hostileText, { nil: null }),
      cost: fc.option(
        fc.integer({ min: -20, max: 20 }).map((n) => n / 2),
        { nil: null },
      ),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((rows) => rows.map((r, i) => ({ id: i + 1, ...r })));
