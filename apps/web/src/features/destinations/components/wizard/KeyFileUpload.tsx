import { Alert, Code, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Destination } from '@maya/contracts';
import { useState, type DragEvent } from 'react';
import { IconAlert, IconCheck, IconFileText } from '../../../../shared/ui/icons';
import { keyFileCredentials } from '../../credentials';
import { destinationsMessages, keyFileSummary } from '../../messages';
import classes from './KeyFileUpload.module.css';

/** A file's text; FileReader rather than Blob.text(), which older browsers (and jsdom) lack. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(file);
  });
}

type KeyFileUploadProps = {
  destination: Destination;
  /** The accepted credentials and the file's name, or null while none is accepted. */
  value: { fileName: string; credentials: Record<string, string> } | null;
  onChange: (value: { fileName: string; credentials: Record<string, string> } | null) => void;
};

/**
 * Step 2 through an uploaded json (spec 002 §5): a service-account key file, dropped or chosen.
 * A file lacking the form's fields, or with one that does not match, shows 'The file has invalid format'.
 */
export function KeyFileUpload({ destination, value, onChange }: KeyFileUploadProps) {
  const [invalid, setInvalid] = useState(false);
  const [dragging, setDragging] = useState(false);

  const read = async (file: File | undefined) => {
    if (file === undefined) return;
    const text = await readText(file).catch(() => '');
    const credentials = keyFileCredentials(destination, text);
    setInvalid(credentials === null);
    onChange(credentials === null ? null : { fileName: file.name, credentials });
  };

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="sm">
      <label
        className={classes.zone}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <VisuallyHidden>
          <input
            type="file"
            accept="application/json,.json"
            aria-label={destinationsMessages.keyFile}
            onChange={(event) => {
              void read(event.currentTarget.files?.[0]);
              // Choosing the same file again must read it again.
              event.currentTarget.value = '';
            }}
          />
        </VisuallyHidden>
        <Stack align="center" gap={6} p="xl">
          <IconFileText size={32} color="var(--mantine-color-indigo-6)" />
          <Text fw={600} size="sm" ta="center">
            {destinationsMessages.keyFileDrop}
          </Text>
          <Text size="xs" c="dimmed" ta="center" maw={460}>
            {destinationsMessages.keyFileHint}
          </Text>
        </Stack>
      </label>
      {invalid && (
        <Alert color="red" variant="light" role="alert" p="sm" icon={<IconAlert size={18} />}>
          <Stack gap={4}>
            <Text size="sm" fw={600} c="red.9">
              {destinationsMessages.invalidFile}
            </Text>
            <Text size="xs" c="red.9">
              {destinationsMessages.keyFileNeeds}{' '}
              {destination.form.map((field, index) => (
                <span key={field.name}>
                  {index > 0 && ', '}
                  <Code>{field.name}</Code>
                </span>
              ))}
            </Text>
          </Stack>
        </Alert>
      )}
      {!invalid && value !== null && (
        <Group gap="xs" wrap="nowrap" c="teal.8" role="status">
          <IconCheck size={18} style={{ flexShrink: 0 }} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {keyFileSummary(value.fileName, value.credentials)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
