import { describe, expect, it } from 'vitest';
import { evaluateFormula } from './evaluate';
import { FormulaError, formulaMeasures, parseFormula } from './parse';

const values: Record<string, number | null> = {
  spend: 200,
  conversions: 8,
  revenue: 500,
  clicks: 40,
  impressions: 1000,
  none: null,
  zero: 0,
};
const run = (text: string) => evaluateFormula(parseFormula(text), (name) => values[name] ?? null);

function failure(text: string): { message: string; position: number } {
  try {
    parseFormula(text);
  } catch (error) {
    expect(error).toBeInstanceOf(FormulaError);
    return { message: (error as FormulaError).message, position: (error as FormulaError).position };
  }
  throw new Error(`${text} parsed`);
}

describe('parseFormula', () => {
  it('reads the formulas users write', () => {
    expect(run('spend / conversions')).toBe(25);
    expect(run('revenue - spend')).toBe(300);
    expect(run('(clicks / impressions) * 100')).toBe(4);
    expect(run('revenue / spend * 100 - 100')).toBe(150);
  });

  it('gives * and / precedence over + and -, left to right', () => {
    expect(run('2 + 3 * 4')).toBe(14);
    expect(run('(2 + 3) * 4')).toBe(20);
    expect(run('100 / 10 / 5')).toBe(2);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('-spend + 2')).toBe(-198);
    expect(run('--2')).toBe(2);
    expect(run('1.5e2 + .5')).toBe(150.5);
  });

  it('gives null for a division by zero and for a missing value', () => {
    expect(run('spend / zero')).toBeNull();
    expect(run('spend / (conversions - 8)')).toBeNull();
    expect(run('spend + none')).toBeNull();
  });

  it('lists each measure read once', () => {
    expect(formulaMeasures(parseFormula('spend / conversions + spend * clicks'))).toEqual([
      'spend',
      'conversions',
      'clicks',
    ]);
  });

  it('says what is wrong and where', () => {
    expect(failure('spend /')).toEqual({
      message: 'Expected a measure, a number or "(", found the end of the formula',
      position: 7,
    });
    expect(failure('spend conversions')).toEqual({
      message: 'Expected an operator, found "conversions"',
      position: 6,
    });
    expect(failure('(spend / conversions')).toEqual({
      message: 'Expected ")", found the end of the formula',
      position: 20,
    });
    expect(failure('spend; DROP TABLE x')).toEqual({ message: 'Unexpected character ";"', position: 5 });
    expect(failure("spend + 'a'")).toEqual({ message: 'Unexpected character "\'"', position: 8 });
    expect(failure('   ').message).toBe('Please write a formula');
    expect(failure('1e999').message).toBe('The number 1e999 is too large');
    expect(failure(`${'('.repeat(40)}1${')'.repeat(40)}`).message).toBe('The formula is nested too deeply');
    expect(failure('a'.repeat(501)).message).toBe('A formula has at most 500 characters');
    expect(failure(Array.from({ length: 21 }, (_, i) => `m${String(i)}`).join(' + ')).message).toBe(
      'A formula reads at most 20 measures',
    );
  });
});
