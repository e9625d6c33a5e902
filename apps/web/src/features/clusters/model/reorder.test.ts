import { describe, expect, it } from 'vitest';
import { canMoveColumn } from './reorder';

const columns = [{ is_fixed: true }, { is_fixed: false }, { is_fixed: false }, { is_fixed: false }];

describe('column moves (spec 001 §6)', () => {
  it('moves a column among the others', () => {
    expect(canMoveColumn(columns, 3, 1)).toBe(true);
    expect(canMoveColumn(columns, 1, 3)).toBe(true);
  });

  it('never drags a fixed column, nor moves another one past it', () => {
    expect(canMoveColumn(columns, 0, 2)).toBe(false);
    expect(canMoveColumn(columns, 2, 0)).toBe(false);
    expect(canMoveColumn(columns, 2, 2)).toBe(false);
  });
});
