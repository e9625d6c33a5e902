import { unreachable, type ReportDocument } from '@maya/contracts';

/**
 * The editor's document with its undo and redo stacks (issue 32). Every change is one step;
 * a change that leaves the document as it was (a drop where it started) is no step at all.
 */
export type EditorHistory = {
  past: readonly ReportDocument[];
  present: ReportDocument;
  future: readonly ReportDocument[];
};

export type EditorAction =
  | { type: 'change'; change: (doc: ReportDocument) => ReportDocument }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Starts again from `document` (a reload after someone else saved, a restored version). */
  | { type: 'reset'; document: ReportDocument };

/** The steps kept: enough for an afternoon's work, bounded for memory. */
export const MAX_UNDO_STEPS = 100;

export function startHistory(document: ReportDocument): EditorHistory {
  return { past: [], present: document, future: [] };
}

export function editorReducer(history: EditorHistory, action: EditorAction): EditorHistory {
  switch (action.type) {
    case 'change': {
      const next = action.change(history.present);
      if (next === history.present || JSON.stringify(next) === JSON.stringify(history.present))
        return history;
      return {
        past: [...history.past, history.present].slice(-MAX_UNDO_STEPS),
        present: next,
        future: [],
      };
    }
    case 'undo': {
      const previous = history.past[history.past.length - 1];
      if (previous === undefined) return history;
      return {
        past: history.past.slice(0, -1),
        present: previous,
        future: [history.present, ...history.future],
      };
    }
    case 'redo': {
      const [next, ...rest] = history.future;
      if (next === undefined) return history;
      return { past: [...history.past, history.present], present: next, future: rest };
    }
    case 'reset':
      return startHistory(action.document);
    default:
      return unreachable(action);
  }
}

/** What a key press asks of the history: Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl+Y; else null. */
export function historyKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
