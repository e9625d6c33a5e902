import { ReportStateError, decodeReportState, type ReportDocument, type ReportState } from '@maya/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { reportMessages } from '../messages';
import { defaultReportState, fitState } from '../model/state';
import { STATE_PARAM, readUrlState, urlStateParam, withStateParam } from '../model/urlState';
import { showToast } from '../../../shared/ui/toast';

export type DashboardStateOptions = {
  readOnly: boolean;
  /** Keep the view in the address (`?state=`): the app does, an embedded report does not. */
  syncUrl: boolean;
  /** An encoded state to open with instead of the document's own (an embed token's). */
  initial: string | null;
};

export type DashboardState = {
  state: ReportState;
  /**
   * The view Reset returns to: the document's own, or the state an embedded report opens with
   * (its grant keeps to that view's filters, so Reset must not drop them).
   */
  baseline: ReportState;
  /** Shows a state (fitted to the document first: what no longer exists is left out). */
  applyState: (state: ReportState) => void;
  /** Back to the document's own page and filters. */
  reset: () => void;
  /** A change made on the dashboard itself (a filter, a page, a slicer, a sort). */
  update: (change: (state: ReportState) => ReportState) => void;
};

/** The encoded starting state fitted to the document, or null when it is missing or invalid. */
function fromEncoded(doc: ReportDocument, encoded: string | null, readOnly: boolean): ReportState | null {
  if (encoded === null) return null;
  try {
    return fitState(doc, decodeReportState(encoded), readOnly).state;
  } catch (error) {
    if (error instanceof ReportStateError) return null;
    throw error;
  }
}

/**
 * The report state on screen. In the app the address holds it (`?state=<encoded>` whenever it
 * differs from the document's defaults), so a reload keeps the view, a link shares it, and back
 * and forward move between views; an address state that cannot be read is ignored with a toast
 * and dropped. An embedded report keeps it in memory, starting from the state its token carries.
 */
export function useDashboardState(doc: ReportDocument, options: DashboardStateOptions): DashboardState {
  const { readOnly, syncUrl, initial } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const defaults = useMemo(
    () => fromEncoded(doc, initial, readOnly) ?? defaultReportState(doc, readOnly),
    [doc, initial, readOnly],
  );
  const [local, setLocal] = useState<ReportState>(defaults);

  const param = syncUrl ? searchParams.get(STATE_PARAM) : null;
  const fromUrl = useMemo(
    () => readUrlState(new URLSearchParams(param === null ? '' : { [STATE_PARAM]: param }), doc, readOnly),
    [param, doc, readOnly],
  );
  const state = !syncUrl ? local : fromUrl.kind === 'state' ? fromUrl.state : defaults;

  // The document the page opened with: an address that does not fit it is a link that could not
  // be read. One that stops fitting after the document changed (the editor deleted the page shown,
  // or restored a version without it) is the editor's own doing: dropped without a word.
  const opened = useRef(doc);
  useEffect(() => {
    if (fromUrl.kind !== 'invalid') return;
    if (doc === opened.current) {
      showToast('warning', reportMessages.invalidLinkState, { id: 'report-state-invalid' });
    }
    setSearchParams((current) => withStateParam(current, null), { replace: true });
  }, [fromUrl, doc, setSearchParams]);

  const update = useCallback(
    (change: (current: ReportState) => ReportState) => {
      if (!syncUrl) {
        setLocal(change);
        return;
      }
      setSearchParams(
        (current) => {
          const read = readUrlState(current, doc, readOnly);
          const next = change(read.kind === 'state' ? read.state : defaults);
          return withStateParam(current, urlStateParam(doc, next, readOnly));
        },
        { replace: true },
      );
    },
    [syncUrl, setSearchParams, doc, readOnly, defaults],
  );
  const applyState = useCallback(
    (next: ReportState) => update(() => fitState(doc, next, readOnly).state),
    [update, doc, readOnly],
  );
  const reset = useCallback(() => update(() => defaults), [update, defaults]);

  return { state, baseline: defaults, applyState, reset, update };
}
