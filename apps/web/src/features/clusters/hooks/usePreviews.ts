import type { ClusterCategory } from '@maya/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  columnCoverage,
  previewColumn,
  previewValue,
  sqlPreview,
  type ColumnDraft,
  type PreviewOrder,
} from '../api/clustering';
import { clustersKeys } from '../api/keys';

/**
 * The previews read a snapshot of the editor's column (null until the panel asks): a new snapshot
 * is a new query, so a preview is read again only after a change (spec 001 §4). A column without a
 * name has not enough data and is never sent.
 */
type Snapshot = { organizationId: string; category: ClusterCategory; draft: ColumnDraft | null };

/** The snapshot's column; the queries run only when it is there. */
function draftOf({ draft }: Snapshot): ColumnDraft {
  if (draft === null) throw new Error('preview without a column');
  return draft;
}

const ready = (draft: ColumnDraft | null): draft is ColumnDraft => draft !== null && draft.name.trim() !== '';

const previewKey = ({ organizationId, category, draft }: Snapshot, kind: string, ...rest: unknown[]) =>
  [...clustersKeys.previews(organizationId, category), kind, draft, ...rest] as const;

const once = { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } as const;

export function usePreview(snapshot: Snapshot, order: PreviewOrder) {
  return useQuery({
    queryKey: previewKey(snapshot, 'preview', order),
    queryFn: () => previewColumn(snapshot.organizationId, snapshot.category, draftOf(snapshot), order),
    enabled: ready(snapshot.draft),
    placeholderData: keepPreviousData,
    ...once,
  });
}

export function usePreviewValue(
  snapshot: Snapshot,
  value: { value: string | null } | null,
  order: PreviewOrder,
) {
  return useQuery({
    queryKey: previewKey(snapshot, 'preview-value', value, order),
    queryFn: () =>
      previewValue(
        snapshot.organizationId,
        snapshot.category,
        draftOf(snapshot),
        value?.value ?? null,
        order,
      ),
    enabled: ready(snapshot.draft) && value !== null,
    ...once,
  });
}

export function useSqlPreview(snapshot: Snapshot, enabled: boolean) {
  return useQuery({
    queryKey: previewKey(snapshot, 'sql'),
    queryFn: () => sqlPreview(snapshot.organizationId, snapshot.category, draftOf(snapshot)),
    enabled: enabled && ready(snapshot.draft),
    ...once,
  });
}

export function useCoverage(snapshot: Snapshot) {
  return useQuery({
    queryKey: previewKey(snapshot, 'coverage'),
    queryFn: () => columnCoverage(snapshot.organizationId, snapshot.category, draftOf(snapshot)),
    enabled: ready(snapshot.draft),
    placeholderData: keepPreviousData,
    ...once,
  });
}

export { ready as hasEnoughData };
export type { Snapshot as PreviewSnapshot };
