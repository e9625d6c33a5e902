import { bookmarkNameKey, type Bookmark } from '@maya/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useUpdateBookmark } from '../hooks/useUpdateBookmark';
import { bookmarkErrorMessage, bookmarkMessages as text, isNameTaken } from '../messages';
import { showBookmarkError, showBookmarkToast } from '../toast';

type RenameDialogProps = {
  bookmark: Bookmark;
  organizationId: string;
  /** The other bookmarks of the same report: a name one of them has shows a message and disables Save. */
  others: readonly Bookmark[];
  onClose: () => void;
  onRenamed?: (bookmark: Bookmark) => void;
};

/** Rename (spec 002 §4, §5): 'Required'; a name another bookmark has disables Save. */
export function RenameDialog({ bookmark, organizationId, others, onClose, onRenamed }: RenameDialogProps) {
  const update = useUpdateBookmark();
  const [name, setName] = useState(bookmark.name);
  const [serverTaken, setServerTaken] = useState<string | null>(null);
  const trimmed = name.trim();
  const key = bookmarkNameKey(trimmed);
  const taken =
    others.some((b) => b.id !== bookmark.id && bookmarkNameKey(b.name) === key) || serverTaken === key;
  const error = trimmed === '' ? text.required : taken ? text.nameExists : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error !== null) return;
    if (trimmed === bookmark.name) {
      onClose();
      return;
    }
    update.mutate(
      { organizationId, reportSlug: bookmark.report_slug, id: bookmark.id, change: { name: trimmed } },
      {
        onSuccess: (renamed) => {
          showBookmarkToast(text.saved(renamed.name));
          onRenamed?.(renamed);
          onClose();
        },
        onError: (cause) => {
          if (isNameTaken(cause)) setServerTaken(key);
          else showBookmarkError(bookmarkErrorMessage(cause, 'update'));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={text.renameTitle} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={text.nameLabel}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={100}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={error !== null} loading={update.isPending}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
