import { describe, expect, it } from 'vitest';
import { arrowKeyCells, dragId, draggedLayout, gridStep, parseDragId, snapToCells } from './gridDrag';

const step = gridStep(1200, 16, 64); // 12 columns of 86.67 px, gaps of 16 px

describe('snapToCells', () => {
  it('rounds a pointer drag to the nearest whole cell', () => {
    expect(snapToCells({ x: step.column * 2.4, y: step.row * 0.6 }, step)).toEqual({ x: 2, y: 1 });
    expect(snapToCells({ x: -step.column * 0.4, y: -step.row * 1.6 }, step)).toEqual({ x: 0, y: -2 });
  });

  it('moves nothing on a grid not measured yet', () => {
    expect(snapToCells({ x: 50, y: 50 }, { column: 0, row: 0 })).toEqual({ x: 0, y: 0 });
  });
});

describe('arrowKeyCells', () => {
  it('moves exactly one cell per arrow key, and nothing for other keys', () => {
    expect(arrowKeyCells('ArrowUp')).toEqual({ x: 0, y: -1 });
    expect(arrowKeyCells('ArrowDown')).toEqual({ x: 0, y: 1 });
    expect(arrowKeyCells('ArrowLeft')).toEqual({ x: -1, y: 0 });
    expect(arrowKeyCells('ArrowRight')).toEqual({ x: 1, y: 0 });
    expect(arrowKeyCells('Space')).toBeNull();
    expect(arrowKeyCells('KeyA')).toBeNull();
  });

  it('two presses up move a table two rows up, whatever the page scrolled', () => {
    const keys = ['ArrowUp', 'ArrowUp'].map((key) => arrowKeyCells(key) ?? { x: 0, y: 0 });
    const cells = keys.reduce((sum, c) => ({ x: sum.x + c.x, y: sum.y + c.y }), { x: 0, y: 0 });
    expect(draggedLayout({ x: 0, y: 7, w: 12, h: 6 }, 'move', cells)).toEqual({ x: 0, y: 5, w: 12, h: 6 });
    expect(draggedLayout({ x: 0, y: 5, w: 12, h: 6 }, 'resize', arrowKeyCells('ArrowUp') ?? cells)).toEqual({
      x: 0,
      y: 5,
      w: 12,
      h: 5,
    });
  });
});

describe('draggedLayout', () => {
  it('moves by whole cells', () => {
    expect(draggedLayout({ x: 0, y: 0, w: 3, h: 2 }, 'move', { x: 2, y: 1 })).toEqual({
      x: 2,
      y: 1,
      w: 3,
      h: 2,
    });
  });

  it('keeps a moved visual inside the grid', () => {
    expect(draggedLayout({ x: 6, y: 1, w: 6, h: 2 }, 'move', { x: 3, y: -5 })).toEqual({
      x: 6,
      y: 0,
      w: 6,
      h: 2,
    });
  });

  it('resizes from the corner, never past the last column nor below one cell', () => {
    const layout = { x: 8, y: 0, w: 3, h: 2 };
    expect(draggedLayout(layout, 'resize', { x: 4, y: 3 })).toEqual({ x: 8, y: 0, w: 4, h: 5 });
    expect(draggedLayout(layout, 'resize', { x: -9, y: -9 })).toEqual({ x: 8, y: 0, w: 1, h: 1 });
  });
});

describe('drag ids', () => {
  it('names the mode and the visual, ids with colons included', () => {
    expect(parseDragId(dragId('resize', 'a:b'))).toEqual({ mode: 'resize', visualId: 'a:b' });
    expect(parseDragId('other:x')).toBeNull();
  });
});
