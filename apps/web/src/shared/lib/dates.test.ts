import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('shows DD/MM/YYYY, and nothing for a bad date', () => {
    expect(formatDate('2025-03-04T12:00:00.000Z')).toBe('04/03/2025');
    expect(formatDate('nope')).toBe('');
  });
});
