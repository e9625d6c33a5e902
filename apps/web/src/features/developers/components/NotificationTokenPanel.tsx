import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { RotatedNotificationToken } from '@maya/contracts';
import { formatDate } from '../../../shared/lib/dates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SettingsCard } from '../../../shared/ui/SettingsCard';
import { useNotificationToken, useRotateNotificationToken } from '../hooks/useNotificationToken';
import { developersMessages as m, loadErrorMessage } from '../messages';
import { AdminsOnlyNote, SecretOnce } from './SecretOnce';

/** Settings → Developers → Notification token (spec 002 §2): the token record, made or rotated. */
export function NotificationTokenPanel({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  const token = useNotificationToken(organizationId);
  const rotate = useRotateNotificationToken(organizationId);
  const [fresh, setFresh] = useState<RotatedNotificationToken | null>(null);
  const [confirming, setConfirming] = useState(false);
  const run = () =>
    rotate.mutate(undefined, {
      onSuccess: setFresh,
      onSettled: () => setConfirming(false),
    });

  return (
    <SettingsCard title={m.tokenTitle} description={m.tokenDescription}>
      {token.isPending ? (
        <Skeleton height={40} radius="md" aria-label="Loading" />
      ) : token.isError ? (
        <Alert color="red" variant="light">
          {loadErrorMessage('api token', token.error)}
        </Alert>
      ) : (
        <Stack gap="sm">
          {token.data === null ? (
            <Text size="sm" c="dimmed">
              {m.noToken}
            </Text>
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span ff="monospace" size="sm">
                {token.data.prefix}…
              </Text>{' '}
              · Created {formatDate(token.data.created_at)} · Last used{' '}
              {token.data.last_used_at ? formatDate(token.data.last_used_at) : m.never}
            </Text>
          )}
          {fresh && <SecretOnce label={m.tokenTitle} secret={fresh.access_token} />}
          {canManage ? (
            <Group>
              <Button
                variant={token.data === null ? 'filled' : 'default'}
                loading={rotate.isPending}
                onClick={() => (token.data === null ? run() : setConfirming(true))}
              >
                {token.data === null ? m.createToken : m.rotateToken}
              </Button>
            </Group>
          ) : (
            <AdminsOnlyNote />
          )}
          {rotate.isError && (
            <Text size="sm" c="red.8" role="alert">
              {m.actionFailed}
            </Text>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={m.confirmRotateTitle}
        message={m.confirmRotate}
        confirmLabel={m.rotateToken}
        confirmColor="red"
        loading={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={run}
      />
    </SettingsCard>
  );
}
