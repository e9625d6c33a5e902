import { Alert, Button, Group, Text } from '@mantine/core';
import { describeApiError } from '../../../../shared/api/describeError';
import { IconAlert } from '../../../../shared/ui/icons';
import { settingsMessages } from '../../messages';

/** A list that could not be loaded: the message, the reason, and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlert size={18} />} title={title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="red.9">
          {describeApiError(error)}
        </Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {settingsMessages.retry}
        </Button>
      </Group>
    </Alert>
  );
}
