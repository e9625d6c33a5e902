import { describe, expect, it } from 'vitest';
import { decimalToMicros, doubleToMicros } from './money';

describe('decimalToMicros', () => {
  it('reads decimal strings exactly, where a float would not', () => {
    expect(decimalToMicros('8.03')).toBe(8_030_000);
    expect(Number('8.03') * 1_000_000).not.toBe(8_030_000);
    expect(decimalToMicros('1234.56')).toBe(1_234_560_000);
    expect(decimalToMicros('0.015')).toBe(15_000);
    expect(decimalToMicros(' 7 ')).toBe(7_000_000);
    expect(decimalToMicros('-3')).toBe(-3_000_000);
  });

  it('rounds the seventh decimal half up, away from zero, and never answers -0', () => {
    expect(decimalToMicros('0.0000005')).toBe(1);
    expect(decimalToMicros('0.0000004999')).toBe(0);
    expect(decimalToMicros('-0.0000005')).toBe(-1);
    expect(decimalToMicros('1234.5600000000002')).toBe(1_234_560_000);
    expect(Object.is(decimalToMicros('-0.00'), 0)).toBe(true);
  });

  it('refuses what is not a plain decimal, and amounts beyond 2^53 micros', () => {
    for (const text of ['1e3', '1,234.56', '', '--', '12.3.4', '.5', 'NaN']) {
      expect(() => decimalToMicros(text), text).toThrow(RangeError);
    }
    expect(() => decimalToMicros('9007199254.740993')).toThrow(RangeError);
  });
});

describe('doubleToMicros', () => {
  it('reads scientific notation exactly as written', () => {
    expect(doubleToMicros('1e-6')).toBe(1);
    expect(doubleToMicros('1e-7')).toBe(0);
    expect(doubleToMicros('5E-7')).toBe(1);
    expect(doubleToMicros('2.5e+3')).toBe(2_500_000_000);
    expect(doubleToMicros('-1.25e1')).toBe(-12_500_000);
    expect(doubleToMicros('1.234567e2')).toBe(123_456_700);
    expect(doubleToMicros('1e-400')).toBe(0);
  });

  it('reads plain decimals as decimalToMicros does, and refuses the rest', () => {
    expect(doubleToMicros('1234.56')).toBe(1_234_560_000);
    expect(doubleToMicros('-0.0000005')).toBe(-1);
    expect(() => doubleToMicros('1e40')).toThrow(RangeError);
    expect(() => doubleToMicros('Infinity')).toThrow(RangeError);
  });
});
