import { describe, expect, it } from 'vitest';
import { emailSchema, storableDateTimeSchema } from './validation';

describe('emailSchema', () => {
  it('takes the addresses people have, lower-cased', () => {
    for (const email of [
      'ada@example.com',
      'Ada.Lovelace+maya@Example.co.uk',
      'ä@ü.de',
      'a_b@sub-domain.example',
    ])
      expect(emailSchema.safeParse(email)).toMatchObject({ success: true, data: email.toLowerCase() });
  });

  it('refuses, with the spec message, what no mail server takes', () => {
    for (const email of [
      'a@b@example.com',
      'a@example..com',
      '.a@example.com',
      'a.@example.com',
      'a..b@example.com',
      `${'a'.repeat(65)}@example.com`,
      'a@-example.com',
      'a@example.com.',
      '"quoted"@example.com',
      'a@[127.0.0.1]',
      `a@${'b'.repeat(250)}.com`,
    ]) {
      const parsed = emailSchema.safeParse(email);
      expect([email, parsed.success]).toEqual([email, false]);
      expect(parsed.error?.issues[0]?.message).toBe('Please enter a valid email address');
    }
  });
});

describe('storableDateTimeSchema', () => {
  it('refuses year 0000, which PostgreSQL cannot store, and takes years 1 to 9999', () => {
    const schema = storableDateTimeSchema({ offset: true });
    expect(schema.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(schema.safeParse('0001-01-01T00:00:00+01:00').success).toBe(false);
    expect(schema.safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    expect(schema.safeParse('9999-12-31T23:59:59.999Z').success).toBe(true);
    expect(schema.safeParse('2026-01-01T00:00:00+02:00').success).toBe(true);
  });
});
