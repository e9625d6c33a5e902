import { describe, expect, it } from 'vitest';
import { dragId, draggedLayout, gridStep, parseDragId } from './gridDrag';

const step = gridStep(1200, 16, 64); // 12 columns of 86.67 px, gaps of 16 px

describe('draggedLayout', () => {
  it('moves by whole cells, rounding to the nearest', () => {
    expect(
      draggedLayout({ x: 0, y: 0, w: 3, h: 2 }, 'move', { x: step.column * 2.4, y: step.row * 0.6 }, step),
    ).toEqual({
      x: 2,
      y: 1,
      w: 3,
      h: 2,
    });
  });

  it('keeps a moved visual inside the grid', () => {
    expect(
      draggedLayout({ x: 6, y: 1, w: 6, h: 2 }, 'move', { x: step.column * 3, y: -step.row * 5 }, step),
    ).toEqual({
      x: 6,
      y: 0,
      w: 6,
      h: 2,
    });
  });

  it('resizes from the corner, never past the last column nor below one cell', () => {
    const layout = { x: 8, y: 0, w: 3, h: 2 };
    expect(draggedLayout(layout, 'resize', { x: step.column * 4, y: step.row * 3 }, step)).toEqual({
      x: 8,
      y: 0,
      w: 4,
      h: 5,
    });
    expect(draggedLayout(layout, 'resize', { x: -step.column * 9, y: -step.row * 9 }, step)).toEqual({
      x: 8,
      y: 0,
      w: 1,
      h: 1,
    });
  });
});

describe('drag ids', () => {
  it('names the mode and the visual, ids with colons included', () => {
    expect(parseDragId(dragId('resize', 'a:b'))).toEqual({ mode: 'resize', visualId: 'a:b' });
    expect(parseDragId('other:x')).toBeNull();
  });
});
