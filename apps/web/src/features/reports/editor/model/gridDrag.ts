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

/** A move on the grid in whole cells: columns right (negative: left), rows down (negative: up). */
export type Cells = { x: number; y: number };

/**
 * The cells a drag by `delta` pixels moves, rounded to the nearest whole cell (a pointer drag).
 */
export function snapToCells(delta: { x: number; y: number }, step: GridStep): Cells {
  // `|| 0`: a drag of less than half a cell left or up rounds to -0, which is no move.
  const cells = (px: number, size: number) => (size > 0 ? Math.round(px / size) : 0) || 0;
  return { x: cells(delta.x, step.column), y: cells(delta.y, step.row) };
}

/**
 * The cell an arrow key moves a keyboard drag by; null for any other key. A keyboard drag adds
 * these up key by key, so a page the drag scrolls never adds a cell.
 */
export function arrowKeyCells(code: string): Cells | null {
  switch (code) {
    case 'ArrowRight':
      return { x: 1, y: 0 };
    case 'ArrowLeft':
      return { x: -1, y: 0 };
    case 'ArrowDown':
      return { x: 0, y: 1 };
    case 'ArrowUp':
      return { x: 0, y: -1 };
    default:
      return null;
  }
}

/**
 * The layout a drag by `cells` lands on, kept inside the grid (a move keeps the size, a resize
 * the top-left corner).
 */
export function draggedLayout(layout: Layout, mode: DragMode, cells: Cells): Layout {
  if (mode === 'move') return clampLayout({ ...layout, x: layout.x + cells.x, y: layout.y + cells.y });
  return clampLayout({ ...layout, w: Math.min(layout.w + cells.x, 12 - layout.x), h: layout.h + cells.y });
}

/** The grid's step from its width, its gap and the row height (VisualGrid.module.css). */
export function gridStep(width: number, gap: number, rowHeight: number): GridStep {
  const column = (width - 11 * gap) / 12;
  return { column: column + gap, row: rowHeight + gap };
}
