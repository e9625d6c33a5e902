import { ReportVersionErrorType, type ReportDocument } from '@maya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { isApiError } from '../../../../shared/api/ApiError';
import { reportKeys } from '../../api/keys';
import { getReportAccess } from '../../api/reports';
import { listReportVersions, restoreReportVersion, saveReportDocument } from '../api/editor';
import { editorReducer, historyKey, startHistory } from '../model/history';

/** What a side panel of the editor shows; a visual's form names the visual (null: a new one). */
export type EditorPanel =
  | { kind: 'visual'; visualId: string | null }
  | { kind: 'pages' }
  | { kind: 'metrics' }
  | { kind: 'versions' }
  | null;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'conflict' | 'failed';

export type ReportEditor = {
  organizationId: string;
  slug: string;
  document: ReportDocument;
  change: (change: (doc: ReportDocument) => ReportDocument) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  /** The draft differs from the version it was opened or last saved as. */
  dirty: boolean;
  /** The version the draft is saved after is known (the history has answered). */
  ready: boolean;
  save: () => void;
  status: SaveStatus;
  /** After a conflict: the newest version, the draft dropped. */
  reload: () => Promise<void>;
  restore: (version: number) => Promise<void>;
  panel: EditorPanel;
  setPanel: (panel: EditorPanel) => void;
};

/** Ctrl+Z in a text field undoes its typing, not the report's last change. */
function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Edit mode's draft of a custom report (issue 32): every change one undoable step (Ctrl/Cmd+Z,
 * Ctrl/Cmd+Shift+Z, Ctrl+Y), saved as the version after the one it was opened from; a save over
 * someone else's newer version is refused and offers a reload instead. Null when not editing.
 */
export function useReportEditor(
  organizationId: string,
  slug: string,
  saved: ReportDocument,
  enabled: boolean,
): ReportEditor | null {
  const queryClient = useQueryClient();
  const [history, dispatch] = useReducer(editorReducer, saved, startHistory);
  const [savedDoc, setSavedDoc] = useState(saved);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [panel, setPanel] = useState<EditorPanel>(null);
  const versions = useQuery({
    queryKey: reportKeys.versions(organizationId, slug),
    queryFn: () => listReportVersions(organizationId, slug),
    enabled,
    staleTime: Infinity,
  });
  const baseVersion = versions.data?.current ?? null;

  const change = useCallback(
    (fn: (doc: ReportDocument) => ReportDocument) => dispatch({ type: 'change', change: fn }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);

  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const asked = historyKey(event);
      if (asked === null || inTextField(event.target)) return;
      event.preventDefault();
      dispatch({ type: asked });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);

  /** The report's newest version read again: its document becomes the draft, nothing to undo. */
  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: reportKeys.versions(organizationId, slug) });
    await queryClient.invalidateQueries({ queryKey: reportKeys.queries(organizationId, slug) });
    const access = await getReportAccess(organizationId, slug);
    queryClient.setQueryData(reportKeys.access(organizationId, slug), { ...access, state: null });
    const { document } = access;
    setSavedDoc(document);
    dispatch({ type: 'reset', document });
    setStatus('idle');
  }, [queryClient, organizationId, slug]);

  const saving = useMutation({
    mutationFn: ({ document, base }: { document: ReportDocument; base: number }) =>
      saveReportDocument(organizationId, slug, document, base),
    onMutate: () => setStatus('saving'),
    onSuccess: ({ version }, { document }) => {
      setSavedDoc(document);
      setStatus('saved');
      queryClient.setQueryData(reportKeys.versions(organizationId, slug), (old: typeof versions.data) =>
        old === undefined ? old : { ...old, current: version },
      );
      void queryClient.invalidateQueries({ queryKey: reportKeys.versions(organizationId, slug) });
      void queryClient.invalidateQueries({ queryKey: reportKeys.access(organizationId, slug) });
    },
    onError: (error) =>
      setStatus(isApiError(error) && error.type === ReportVersionErrorType.conflict ? 'conflict' : 'failed'),
  });
  const { mutate } = saving;
  const present = history.present;
  const save = useCallback(() => {
    if (baseVersion !== null) mutate({ document: present, base: baseVersion });
  }, [mutate, present, baseVersion]);

  const restore = useCallback(
    async (version: number) => {
      if (baseVersion === null) return;
      try {
        await restoreReportVersion(organizationId, slug, version, baseVersion);
        await reload();
        // The restored report is what the owner came to see: the history steps aside.
        setPanel(null);
      } catch (error) {
        setStatus(
          isApiError(error) && error.type === ReportVersionErrorType.conflict ? 'conflict' : 'failed',
        );
      }
    },
    [organizationId, slug, baseVersion, reload],
  );

  const editor = useMemo<ReportEditor>(
    () => ({
      organizationId,
      slug,
      document: present,
      change,
      undo,
      redo,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      dirty: present !== savedDoc,
      ready: baseVersion !== null,
      save,
      status,
      reload,
      restore,
      panel,
      setPanel,
    }),
    [
      organizationId,
      slug,
      present,
      change,
      undo,
      redo,
      history,
      savedDoc,
      baseVersion,
      save,
      status,
      reload,
      restore,
      panel,
    ],
  );
  return enabled ? editor : null;
}
