import { clampLayout, type Layout } from './operations';

/** The size of one step on the page's grid: a column plus its gap, a row plus its gap, in px. */
export type GridStep = { column: number; row: number };

/** What a drag does: moves the visual, or resizes it from its bottom-right corner. */
export type DragMode = 'move' | 'resize';

export const dragId = (mode: DragMode, visualId: string) => `${mode}:${visualId}`;

export function parseDragId(id: string): { mode: DragMode; visualId: string } | null {
  const at = id.indexOf(':');
  const mode = id.slice(0, at);
  if (mode !== 'move' && mode !== 'resize') return null;
  return { mode, visualId: id.slice(at + 1) };
}

/**
 * The layout a drag by `delta` pixels lands on, snapped to whole cells and kept inside the grid
 * (a move keeps the size, a resize the top-left corner).
 */
export function draggedLayout(
  layout: Layout,
  mode: DragMode,
  delta: { x: number; y: number },
  step: GridStep,
): Layout {
  const columns = step.column > 0 ? Math.round(delta.x / step.column) : 0;
  const rows = step.row > 0 ? Math.round(delta.y / step.row) : 0;
  if (mode === 'move') return clampLayout({ ...layout, x: layout.x + columns, y: layout.y + rows });
  return clampLayout({ ...layout, w: Math.min(layout.w + columns, 12 - layout.x), h: layout.h + rows });
}

/** The grid's step from its width, its gap and the row height (VisualGrid.module.css). */
export function gridStep(width: number, gap: number, rowHeight: number): GridStep {
  const column = (width - 11 * gap) / 12;
  return { column: column + gap, row: rowHeight + gap };
}
