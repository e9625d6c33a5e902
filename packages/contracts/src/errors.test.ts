import { describe, expect, it } from 'vitest';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from './errors';

describe('error envelope', () => {
  it('accepts a typed business error with extra fields', () => {
    const parsed = ErrorResponseSchema.parse({ detail: { type: 'merge_required', email: 'a@b.co' } });
    expect(parsed.detail).toEqual({ type: 'merge_required', email: 'a@b.co' });
  });

  it('rejects a type that is not snake_case', () => {
    expect(ErrorResponseSchema.safeParse({ detail: { type: 'MergeRequired' } }).success).toBe(false);
  });

  it('keeps 422 issues as a list of loc, msg, type', () => {
    const body = { detail: [{ loc: ['body', 'email'], msg: 'Invalid email', type: 'invalid_format' }] };
    expect(ValidationErrorResponseSchema.parse(body)).toEqual(body);
    expect(ValidationErrorResponseSchema.safeParse({ detail: [{ loc: 'email' }] }).success).toBe(false);
  });
});
