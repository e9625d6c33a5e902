import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '../../../shared/ui/icons';
import { developersMessages } from '../messages';

/** A secret just made: shown this once, with a copy button. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  return (
    <Alert color="teal" variant="light" title={label} radius="md">
      <Stack gap="xs">
        <Text size="sm">{developersMessages.secretOnce}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            block
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            data-testid="secret"
          >
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="xs"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                style={{ flexShrink: 0 }}
              >
                {copied ? developersMessages.copied : developersMessages.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Why a member sees the settings but cannot change them. */
export function AdminsOnlyNote() {
  return (
    <Text size="sm" c="dimmed">
      {developersMessages.readOnlyNote}
    </Text>
  );
}
