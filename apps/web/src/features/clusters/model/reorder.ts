import type { ClusterColumn } from '@maya/contracts';
import { move } from './rules';

/**
 * Whether a column may move from `from` to `to`: fixed columns are never dragged, and no other
 * move may shift one from its place (spec 001 §6).
 */
export function canMoveColumn(
  columns: readonly Pick<ClusterColumn, 'is_fixed'>[],
  from: number,
  to: number,
): boolean {
  if (from === to || columns[from]?.is_fixed !== false || to < 0 || to >= columns.length) return false;
  const moved = move(columns, from, to);
  return columns.every((column, index) => !column.is_fixed || moved[index] === column);
}
