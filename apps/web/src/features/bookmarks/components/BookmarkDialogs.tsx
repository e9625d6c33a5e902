import { unreachable } from '@maya/contracts';
import type { Bookmark } from '@maya/contracts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useDeleteBookmark } from '../hooks/useDeleteBookmark';
import { useUpdateBookmark } from '../hooks/useUpdateBookmark';
import { bookmarkErrorMessage, bookmarkMessages as text } from '../messages';
import { showToast } from '../../../shared/ui/toast';
import { RenameDialog } from './RenameDialog';
import { VisibilityDialog } from './VisibilityDialog';

/** The bookmark actions that open a dialog. */
export type DialogAction = 'refresh' | 'rename' | 'visibility' | 'delete';
export type OpenDialog = { action: DialogAction; bookmark: Bookmark };

type BookmarkDialogsProps = {
  dialog: OpenDialog;
  onClose: () => void;
  organizationId: string;
  /** The report's other bookmarks (rename refuses their names). */
  others: readonly Bookmark[];
  manager: boolean;
  privateForced: boolean;
  currentUser: { id: string; name: string; email: string };
  /** The view on screen, encoded; null before the report has loaded. Absent outside a dashboard. */
  capture?: () => string | null;
  isActive?: boolean;
  onDeletedActive?: () => void;
  onRenamedActive?: (renamed: Bookmark) => void;
};

/**
 * The dialogs of one bookmark's actions (spec 002 §4): refresh ('Are you sure you want to save
 * this bookmark?', the saved state overwritten), rename, visibility, and delete (Cancel/Confirm).
 * Shared by the dashboard's menu and the settings tab.
 */
export function BookmarkDialogs(props: BookmarkDialogsProps) {
  const { dialog, onClose, organizationId, others, manager, privateForced, currentUser } = props;
  const { bookmark } = dialog;
  const update = useUpdateBookmark();
  const remove = useDeleteBookmark();
  const target = { organizationId, reportSlug: bookmark.report_slug, id: bookmark.id };

  switch (dialog.action) {
    case 'refresh':
      return (
        <ConfirmDialog
          opened
          title={text.refresh}
          message={text.confirmSave}
          loading={update.isPending}
          onCancel={onClose}
          onConfirm={() => {
            const state = props.capture?.() ?? null;
            if (state === null) {
              showToast('error', text.captureNotLoaded);
              onClose();
              return;
            }
            update.mutate(
              { ...target, change: { state } },
              {
                onSuccess: () => showToast('success', text.refreshed),
                onError: (cause) => showToast('error', bookmarkErrorMessage(cause, 'update')),
                onSettled: onClose,
              },
            );
          }}
        />
      );
    case 'rename':
      return (
        <RenameDialog
          bookmark={bookmark}
          organizationId={organizationId}
          others={others.filter((other) => other.report_slug === bookmark.report_slug)}
          onClose={onClose}
          onRenamed={(renamed) => {
            if (props.isActive === true) props.onRenamedActive?.(renamed);
          }}
        />
      );
    case 'visibility':
      return (
        <VisibilityDialog
          bookmark={bookmark}
          organizationId={organizationId}
          manager={manager}
          privateForced={privateForced}
          currentUser={currentUser}
          onClose={onClose}
        />
      );
    case 'delete':
      return (
        <ConfirmDialog
          opened
          title={text.deleteTitle}
          message={
            bookmark.is_category
              ? text.deleteCategoryMessage(bookmark.name)
              : text.deleteMessage(bookmark.name)
          }
          confirmColor="red"
          loading={remove.isPending}
          onCancel={onClose}
          onConfirm={() =>
            remove.mutate(target, {
              onSuccess: () => {
                if (props.isActive === true) props.onDeletedActive?.();
              },
              onError: (cause) => showToast('error', bookmarkErrorMessage(cause, 'delete')),
              onSettled: onClose,
            })
          }
        />
      );
    default: {
      return unreachable(dialog.action);
    }
  }
}
