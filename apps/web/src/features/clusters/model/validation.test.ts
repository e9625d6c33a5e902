import { describe, expect, it } from 'vitest';
import { adGroupFields } from '../test/clustersFixtures';
import { columnValidator, isNumberOrEmpty } from './validation';
import type { ColumnFormValues } from './rules';

const values = (name: string, field: string, value: string): ColumnFormValues => ({
  name,
  values: [
    {
      id: crypto.randomUUID(),
      name: 'A',
      rules: [{ uuid: 'u', field, operator: field === 'clicks' ? 'gt' : 'contains', value, condition: null }],
    },
  ],
});

describe('column validation (spec 001 §5)', () => {
  const validate = columnValidator(adGroupFields, ['Brand', 'Funnel']);

  it("refuses a name another column of the category has, whatever its case: 'Duplicate column name'", () => {
    expect(validate(values(' brand ', 'ad_group_name', 'x'))).toEqual({ name: 'Duplicate column name' });
    expect(validate(values('Brand 2', 'ad_group_name', 'x'))).toEqual({});
  });

  it("wants an empty value or a number for a numeric field: 'Please enter a number'", () => {
    expect(validate(values('Size', 'clicks', 'ten'))).toEqual({
      'values.0.rules.0.value': 'Please enter a number',
    });
    expect(validate(values('Size', 'clicks', ''))).toEqual({});
    expect(validate(values('Size', 'clicks', '-1.5'))).toEqual({});
    expect(validate(values('Size', 'ad_group_name', 'ten'))).toEqual({});
  });

  it('needs a name', () => {
    expect(validate(values('  ', 'ad_group_name', 'x'))).toEqual({ name: 'Required' });
  });

  it.each([
    ['12', true],
    ['1e3', true],
    ['.5', true],
    ['1,5', false],
    ['0x10', false],
    ['abc', false],
  ])('reads %s as a number: %s', (value, expected) => {
    expect(isNumberOrEmpty(value)).toBe(expected);
  });
});
