import { bookmarkNameKey, type Bookmark } from '@maya/contracts';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useCreateBookmarks } from '../hooks/useCreateBookmarks';
import { bookmarkErrorMessage, bookmarkMessages as text, isNameTaken } from '../messages';
import { showBookmarkError, showBookmarkToast } from '../toast';

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
  const [name, setName] = useState('');
  const [isPrivate, setIsPrivate] = useState(privateForced);
  const [error, setError] = useState<string | null>(null);
  const [taken, setTaken] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    setName('');
    setError(null);
    setTaken(false);
    setConfirming(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(text.required);
      return;
    }
    const key = bookmarkNameKey(trimmed);
    if (existing.some((b) => bookmarkNameKey(b.name) === key)) {
      setTaken(true);
      return;
    }
    setConfirming(true);
  };

  const save = () => {
    const state = capture();
    if (state === null) {
      showBookmarkError(text.captureNotLoaded);
      close();
      return;
    }
    const trimmed = name.trim();
    create.mutate(
      {
        organizationId,
        reportSlug,
        bookmarks: [{ name: trimmed, state, is_private: privateForced || isPrivate }],
      },
      {
        onSuccess: ([saved]) => {
          showBookmarkToast(text.added);
          close();
          if (saved) onSaved(saved);
        },
        onError: (cause) => {
          setConfirming(false);
          if (isNameTaken(cause)) {
            setTaken(true);
            return;
          }
          showBookmarkError(
            `${text.couldNotAdd(trimmed)}. ${bookmarkErrorMessage(cause, 'create')}`,
            text.errorAdding,
          );
        },
      },
    );
  };

  return (
    <>
      <Modal opened={opened && !confirming} onClose={close} title={text.saveBookmark} centered radius="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {taken && (
              <Alert color="red" variant="light" role="alert">
                {text.nameExists}
              </Alert>
            )}
            <TextInput
              label={text.nameLabel}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError(null);
                setTaken(false);
              }}
              error={error}
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
