import { bookmarkNameKey, type Bookmark } from '@maya/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useUpdateBookmark } from '../hooks/useUpdateBookmark';
import { bookmarkErrorMessage, bookmarkMessages as text, isNameTaken } from '../messages';
import { validateBookmarkName, type BookmarkNameValues } from '../model/nameForm';
import { showToast } from '../../../shared/ui/toast';

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
  // Names the server said are taken join the others' (a bookmark this user cannot see).
  const [serverTaken, setServerTaken] = useState<readonly string[]>([]);
  const takenNames = useMemo(
    () =>
      new Set([
        ...others.filter((b) => b.id !== bookmark.id).map((b) => bookmarkNameKey(b.name)),
        ...serverTaken,
      ]),
    [others, bookmark.id, serverTaken],
  );
  const validate = useMemo(() => validateBookmarkName(takenNames), [takenNames]);
  // Checked as the user types: a taken name shows its message and disables Save (spec 002 §5).
  const form = useForm<BookmarkNameValues>({
    initialValues: { name: bookmark.name },
    validate,
    validateInputOnChange: true,
  });
  const error = form.errors.name ?? null;

  const submit = ({ name }: BookmarkNameValues) => {
    const trimmed = name.trim();
    if (trimmed === bookmark.name) {
      onClose();
      return;
    }
    update.mutate(
      { organizationId, reportSlug: bookmark.report_slug, id: bookmark.id, change: { name: trimmed } },
      {
        onSuccess: (renamed) => {
          showToast('success', text.saved(renamed.name));
          onRenamed?.(renamed);
          onClose();
        },
        onError: (cause) => {
          if (isNameTaken(cause)) {
            setServerTaken((before) => [...before, bookmarkNameKey(trimmed)]);
            form.setFieldError('name', text.nameExists);
          } else showToast('error', bookmarkErrorMessage(cause, 'update'));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={text.renameTitle} centered radius="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={text.nameLabel}
            {...form.getInputProps('name')}
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
