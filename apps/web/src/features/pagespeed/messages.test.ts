import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/ApiError';
import { loadFailure, saveFailure } from './messages';

describe('the PageSpeed error messages (spec 001 §8)', () => {
  it('name the error type, or unexpected error when there is none', () => {
    const refused = new ApiError({ status: 403, type: 'forbidden' });
    expect(loadFailure(refused)).toBe(
      'Failed to load saved PagedSpeed links (forbidden). Please try again later.',
    );
    expect(saveFailure(refused)).toBe('Something went wrong (forbidden). Please try again later.');
    expect(loadFailure(new Error('boom'))).toBe(
      'Failed to load saved PagedSpeed links (unexpected error). Please try again later.',
    );
    expect(saveFailure(new Error('boom'))).toBe(
      'Something went wrong (unexpected error). Please try again later.',
    );
  });
});
