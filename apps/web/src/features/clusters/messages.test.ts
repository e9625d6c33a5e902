import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/ApiError';
import { detailTypeOr, reorderFailedMessage, saveFailedMessage } from './messages';

describe('clusters messages (spec 001 §8)', () => {
  it("names both columns of a refused move: Error: Can't move column '{a}' above column '{b}'", () => {
    const error = new ApiError({
      status: 422,
      type: 'invalid_field_reference',
      detail: {
        type: 'invalid_field_reference',
        column: { id: 'x', name: 'Funnel' },
        referenced_column: { id: 'y', name: 'Brand' },
      },
    });
    expect(reorderFailedMessage(error)).toBe("Error: Can't move column 'Funnel' above column 'Brand'");
    expect(reorderFailedMessage(new ApiError({ status: 500, type: 'internal' }))).toBe(
      'There was an error, please contact support.',
    );
  });

  it('says a failed save with its message and detailed message, else the fallback', () => {
    const detailed = new ApiError({
      status: 503,
      type: 'cluster_apply_failed',
      detail: {
        type: 'cluster_apply_failed',
        message: 'Saved, not applied',
        detailed_message: 'warehouse busy',
      },
    });
    expect(saveFailedMessage(detailed)).toBe('Saved, not applied: warehouse busy');
    expect(
      saveFailedMessage(new ApiError({ status: 409, type: 'conflict', detail: { type: 'conflict' } })),
    ).toBe('conflict');
    expect(saveFailedMessage(new ApiError({ status: 0, type: 'network_error' }))).toBe(
      'Failed saving clustering column',
    );
  });

  it('says a failed load with the detail type, else the fallback', () => {
    expect(detailTypeOr(new ApiError({ status: 404, type: 'nope', detail: { type: 'nope' } }), 'x')).toBe(
      'nope',
    );
    expect(detailTypeOr(new Error('boom'), 'Failed loading clustering column')).toBe(
      'Failed loading clustering column',
    );
  });
});
