// The URL editor's state (spec 001 §4, §5): the rows being edited and whether they are the saved
// list. Any change clears the saved flag; saving is possible only with changes and no errors.
import {
  normalizedPagespeedUrl,
  pagespeedLimits,
  pagespeedUrlErrors,
  type PagespeedTopUrlsResponse,
  type PagespeedUrl,
} from '@maya/contracts';

export type EditorState = { rows: PagespeedUrl[]; saved: boolean };

export const loadedState = (urls: readonly PagespeedUrl[]): EditorState => ({ rows: [...urls], saved: true });

const changed = (rows: PagespeedUrl[]): EditorState => ({ rows, saved: false });

/** A new row (empty, or a suggested page); nothing at the limit. */
export function addRow(state: EditorState, url = '', uuid: string = crypto.randomUUID()): EditorState {
  if (state.rows.length >= pagespeedLimits.maxUrls) return state;
  return changed([...state.rows, { uuid, url_link: url }]);
}

export const editRow = (state: EditorState, uuid: string, url: string): EditorState =>
  changed(state.rows.map((row) => (row.uuid === uuid ? { ...row, url_link: url } : row)));

export const removeRow = (state: EditorState, uuid: string): EditorState =>
  changed(state.rows.filter((row) => row.uuid !== uuid));

/** Each row's message, null when fine (the same rules the server applies). */
export const rowErrors = (state: EditorState): (string | null)[] =>
  pagespeedUrlErrors(state.rows.map((row) => row.url_link));

export const hasErrors = (state: EditorState): boolean => rowErrors(state).some((error) => error !== null);

/** Save is offered with changes, no errors and at most the limit. */
export const canSave = (state: EditorState): boolean =>
  !state.saved && !hasErrors(state) && state.rows.length <= pagespeedLimits.maxUrls;

/** What is sent: the rows with their URLs trimmed. */
export const toSave = (state: EditorState): PagespeedUrl[] =>
  state.rows.map((row) => ({ uuid: row.uuid, url_link: row.url_link.trim() }));

/** The visits beside each row: clicks keyed by the page's normalised URL, over `days`. */
export type Visits = { days: number; clicks: ReadonlyMap<string, number> };

/**
 * The clicks beside each row from GET /pagespeed_urls/top (the listed pages' and the
 * suggestions'); null when the organization has no source of visits.
 */
export function visitsByPage(top: PagespeedTopUrlsResponse | undefined): Visits | null {
  if (top === undefined || top.source === null) return null;
  const pages = [...top.urls, ...top.listed];
  return {
    days: top.days,
    clicks: new Map(pages.map((page) => [normalizedPagespeedUrl(page.url_link), page.clicks])),
  };
}
