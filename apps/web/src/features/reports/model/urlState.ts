import {
  ReportStateError,
  decodeReportState,
  encodeReportState,
  type ReportDocument,
  type ReportState,
} from '@maya/contracts';
import { defaultReportState, fitState, sameState } from './state';

/**
 * The view in the address (`?state=<encoded>`): a reload keeps it and a link shares it. Only a
 * view that differs from the document's own is written, so a plain dashboard link stays plain.
 */
export const STATE_PARAM = 'state';

export type UrlState =
  | { kind: 'none' }
  | { kind: 'state'; state: ReportState }
  /** Not a state, or one that does not fit the document: ignored, and the user is told. */
  | { kind: 'invalid'; reason: string };

export function readUrlState(search: URLSearchParams, doc: ReportDocument, readOnly: boolean): UrlState {
  const encoded = search.get(STATE_PARAM);
  if (encoded === null || encoded === '') return { kind: 'none' };
  let decoded: ReportState;
  try {
    decoded = decodeReportState(encoded);
  } catch (error) {
    if (error instanceof ReportStateError) return { kind: 'invalid', reason: error.message };
    throw error;
  }
  const { state, problems } = fitState(doc, decoded, readOnly);
  return problems.length > 0 ? { kind: 'invalid', reason: problems.join('; ') } : { kind: 'state', state };
}

/** The `state` parameter for the view: the encoded state, or null when it is the document's own. */
export function urlStateParam(doc: ReportDocument, state: ReportState, readOnly: boolean): string | null {
  return sameState(state, defaultReportState(doc, readOnly)) ? null : encodeReportState(state);
}

/** `search` with the state parameter set to `param` (or removed when null); the others kept. */
export function withStateParam(search: URLSearchParams, param: string | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (param === null) next.delete(STATE_PARAM);
  else next.set(STATE_PARAM, param);
  return next;
}
