import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError';
import { describeApiError } from './describeError';

describe('describeApiError', () => {
  it("says Can't connect to the server when no answer came", () => {
    expect(describeApiError(new ApiError({ status: 0, type: 'network_error' }))).toBe(
      "Can't connect to the server",
    );
    expect(describeApiError(new ApiError({ status: 503, type: 'config_unavailable' }))).toBe(
      "Can't connect to the server",
    );
  });

  it('says Error {status}: {detail}, with the message when there is one', () => {
    expect(
      describeApiError(new ApiError({ status: 404, type: 'not_found', detail: { type: 'not_found' } })),
    ).toBe('Error 404: not_found');
    expect(
      describeApiError(
        new ApiError({ status: 400, type: 'x', detail: { type: 'x', message: 'Token expired' } }),
      ),
    ).toBe('Error 400: Token expired');
    expect(
      describeApiError(
        new ApiError({
          status: 422,
          type: 'validation_error',
          issues: [{ loc: ['body'], msg: 'Bad id', type: 'x' }],
        }),
      ),
    ).toBe('Error 422: Bad id');
  });

  it('falls back to Something went wrong', () => {
    expect(describeApiError(new Error('?'))).toBe('Something went wrong');
  });
});
