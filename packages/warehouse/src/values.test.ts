import { describe, expect, it } from 'vitest';
import { INVALID, isoTimestamp, loadCoercer, safeInteger } from './values';

describe('loadCoercer', () => {
  it('takes loose input for each type and refuses what does not fit', () => {
    const integer = loadCoercer('integer');
    expect([integer(5), integer('-7'), integer(5n), integer(null), integer(undefined)]).toEqual([
      5,
      -7,
      5,
      null,
      null,
    ]);
    expect([integer(1.5), integer(2 ** 31), integer('1e3'), integer(true)]).toEqual([
      INVALID,
      INVALID,
      INVALID,
      INVALID,
    ]);
    const bigint = loadCoercer('bigint');
    expect([bigint(5), bigint('9223372036854775807')]).toEqual([5n, 9223372036854775807n]);
    expect([bigint('9223372036854775808'), bigint(2 ** 60)]).toEqual([INVALID, INVALID]);
    const double = loadCoercer('double');
    expect([double(0.5), double('2.5'), double('NaN'), double(3n)]).toEqual([0.5, 2.5, NaN, 3]);
    expect([double('abc'), double('')]).toEqual([INVALID, INVALID]);
    const decimal = loadCoercer('decimal');
    expect([decimal(1e-7), decimal(' 12.50 '), decimal(10n)]).toEqual(['1e-7', '12.50', '10']);
    expect([decimal(Infinity), decimal('12,5')]).toEqual([INVALID, INVALID]);
    const boolean = loadCoercer('boolean');
    expect([boolean(true), boolean('false'), boolean(1)]).toEqual([true, false, INVALID]);
    const date = loadCoercer('date');
    expect([date('2024-01-31'), date(new Date('2024-01-31T23:00:00Z')), date(20240131)]).toEqual([
      '2024-01-31',
      '2024-01-31',
      INVALID,
    ]);
    const timestamp = loadCoercer('timestamp');
    expect(timestamp(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(timestamp(new Date('invalid'))).toBe(INVALID);
    const json = loadCoercer('json');
    expect([json({ a: [1] }), json('x'), json(1n)]).toEqual(['{"a":[1]}', '"x"', INVALID]);
    const string = loadCoercer('string');
    expect([string('a'), string(12), string({})]).toEqual(['a', '12', INVALID]);
  });
});

describe('result forms', () => {
  it('keeps 64-bit integers exact', () => {
    expect([safeInteger('42'), safeInteger(9007199254740993n), safeInteger('-9007199254740991')]).toEqual([
      42,
      '9007199254740993',
      -9007199254740991,
    ]);
    // Text beyond 2^53 stays text, even where it would round to a safe-looking number.
    expect([safeInteger('9007199254740993'), safeInteger('9007199254740992'), safeInteger('-0')]).toEqual([
      '9007199254740993',
      '9007199254740992',
      0,
    ]);
  });

  it('writes engine timestamps as ISO 8601 in UTC', () => {
    expect(isoTimestamp('2024-01-31 10:00:00')).toBe('2024-01-31T10:00:00Z');
    expect(isoTimestamp('2024-01-31 10:00:00.123456+00')).toBe('2024-01-31T10:00:00.123456Z');
    expect(isoTimestamp('2024-01-31 10:00:00+02')).toBe('2024-01-31T08:00:00.000Z');
    expect(isoTimestamp('infinity')).toBe('infinity');
  });
});
