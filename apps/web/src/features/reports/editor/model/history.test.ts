import { describe, expect, it } from 'vitest';
import { testDocument } from '../../testFixtures';
import { MAX_UNDO_STEPS, editorReducer, historyKey, startHistory, type EditorHistory } from './history';
import { renamePage } from './operations';

const rename = (name: string) => ({
  type: 'change' as const,
  change: (d: typeof testDocument) => renamePage(d, 'overview', name),
});
const title = (h: EditorHistory) => h.present.pages[0]?.display_name;

describe('editorReducer', () => {
  it('undoes and redoes each change in order, and a new change drops what could be redone', () => {
    let h = startHistory(testDocument);
    h = editorReducer(h, rename('One'));
    h = editorReducer(h, rename('Two'));
    expect(title(h)).toBe('Two');
    h = editorReducer(h, { type: 'undo' });
    expect(title(h)).toBe('One');
    h = editorReducer(h, { type: 'undo' });
    expect(h.present).toBe(testDocument);
    expect(editorReducer(h, { type: 'undo' })).toBe(h);
    h = editorReducer(h, { type: 'redo' });
    expect(title(h)).toBe('One');
    h = editorReducer(h, rename('Three'));
    expect(h.future).toEqual([]);
    expect(editorReducer(h, { type: 'redo' })).toBe(h);
    expect(h.past.map((d) => d.pages[0]?.display_name)).toEqual(['Overview', 'One']);
  });

  it('records no step for a change that leaves the document as it was', () => {
    const h = startHistory(testDocument);
    expect(editorReducer(h, rename('Overview'))).toBe(h);
    expect(editorReducer(h, { type: 'change', change: (d) => ({ ...d }) })).toBe(h);
  });

  it(`keeps the last ${String(MAX_UNDO_STEPS)} steps`, () => {
    let h = startHistory(testDocument);
    for (let i = 0; i <= MAX_UNDO_STEPS + 5; i += 1) h = editorReducer(h, rename(`Page ${String(i)}`));
    expect(h.past).toHaveLength(MAX_UNDO_STEPS);
    expect(h.past[0]?.pages[0]?.display_name).toBe('Page 5');
  });

  it('starts again from a reloaded document with nothing to undo', () => {
    const h = editorReducer(editorReducer(startHistory(testDocument), rename('One')), {
      type: 'reset',
      document: testDocument,
    });
    expect(h).toEqual({ past: [], present: testDocument, future: [] });
  });
});

describe('historyKey', () => {
  const key = (
    k: string,
    mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }>,
  ) => historyKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

  it('reads Ctrl/Cmd+Z as undo, Ctrl/Cmd+Shift+Z and Ctrl+Y as redo', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
  });

  it('ignores keys without Ctrl or Cmd, with Alt, and other letters', () => {
    expect(key('z', {})).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('x', { ctrlKey: true })).toBeNull();
  });
});
