import { bookmarkNameKey, type Bookmark } from '@maya/contracts';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useCreateBookmarks } from '../hooks/useCreateBookmarks';
import { bookmarkErrorMessage, bookmarkMessages as text, isNameTaken } from '../messages';
import { validateBookmarkName, type BookmarkNameValues } from '../model/nameForm';
import { showToast } from '../../../shared/ui/toast';

type CaptureDialogProps = {
  opened: boolean;
  onClose: () => void;
  organizationId: string;
  reportSlug: string;
  /** The names already taken in the report (the duplicate alert before asking the server). */
  existing: readonly Bookmark[];
  /** In a demo organization a visitor's bookmarks are private (the switch is on and locked). */
  privateForced: boolean;
  /** The view on screen, encoded; null when the report has not loaded. */
  capture: () => string | null;
  onSaved: (bookmark: Bookmark) => void;
};

/**
 * Capture (spec 002 §4, §5): asks a name ('Required'; a taken one raises 'Bookmark name already
 * exists'), then 'Are you sure you want to save this bookmark?', then saves the view on screen.
 */
export function CaptureDialog(props: CaptureDialogProps) {
  const { opened, onClose, organizationId, reportSlug, existing, privateForced, capture, onSaved } = props;
  const create = useCreateBookmarks();
  const takenNames = useMemo(() => new Set(existing.map((b) => bookmarkNameKey(b.name))), [existing]);
  const validate = useMemo(() => validateBookmarkName(takenNames), [takenNames]);
  const form = useForm<BookmarkNameValues>({
    initialValues: { name: '' },
    validate,
  });
  const [isPrivate, setIsPrivate] = useState(privateForced);
  const [confirming, setConfirming] = useState(false);
  // A taken name is the alert above the field (spec 002 §5), any other error the field's own.
  const taken = form.errors.name === text.nameExists;

  const close = () => {
    form.reset();
    setConfirming(false);
    onClose();
  };

  const save = () => {
    const state = capture();
    if (state === null) {
      showToast('error', text.captureNotLoaded);
      close();
      return;
    }
    const trimmed = form.getValues().name.trim();
    create.mutate(
      {
        organizationId,
        reportSlug,
        bookmarks: [{ name: trimmed, state, is_private: privateForced || isPrivate }],
      },
      {
        onSuccess: ([saved]) => {
          showToast('success', text.added);
          close();
          if (saved) onSaved(saved);
        },
        onError: (cause) => {
          setConfirming(false);
          if (isNameTaken(cause)) {
            form.setFieldError('name', text.nameExists);
            return;
          }
          showToast('error', `${text.couldNotAdd(trimmed)}. ${bookmarkErrorMessage(cause, 'create')}`, {
            title: text.errorAdding,
          });
        },
      },
    );
  };

  return (
    <>
      <Modal opened={opened && !confirming} onClose={close} title={text.saveBookmark} centered radius="lg">
        <form onSubmit={form.onSubmit(() => setConfirming(true))} noValidate>
          <Stack gap="md">
            {taken && (
              <Alert color="red" variant="light" role="alert">
                {text.nameExists}
              </Alert>
            )}
            <TextInput
              label={text.nameLabel}
              {...form.getInputProps('name')}
              error={taken ? undefined : form.errors.name}
              maxLength={100}
              required
              data-autofocus
            />
            <Switch
              label={text.private}
              description={privateForced ? text.demoPrivateHint : text.privateHint}
              checked={privateForced || isPrivate}
              disabled={privateForced}
              onChange={(event) => setIsPrivate(event.currentTarget.checked)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {text.cancel}
              </Button>
              <Button type="submit">{text.save}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={opened && confirming}
        title={text.saveBookmark}
        message={text.confirmSave}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
        loading={create.isPending}
      />
    </>
  );
}
