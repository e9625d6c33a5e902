import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '../../../shared/ui/icons';
import { sourcesMessages } from '../messages';

/** Copies a value the user pastes elsewhere (a public key, a service account); says when it is done. */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="light"
          color={copied ? 'teal' : undefined}
          size="compact-sm"
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={copy}
          w="fit-content"
        >
          {copied ? sourcesMessages.copied : label}
        </Button>
      )}
    </CopyButton>
  );
}
