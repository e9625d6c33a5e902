import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { Notification } from '@maya/contracts';
import { Link } from 'react-router';
import { IconArchive, IconCheck, IconMail, IconPin } from '../../../shared/ui/icons';
import type { NotificationChange } from '../hooks/useUpdateNotification';
import { notificationMessages as messages } from '../messages';
import { canArchive, canRead } from '../rules';
import { formatSentOn } from '../relativeTime';
import { NotificationTypeBadge } from './NotificationTypeBadge';

type NotificationPreviewProps = {
  notification: Notification;
  pending: boolean;
  onChange: (change: NotificationChange) => void;
};

/** The preview pane (spec 002 Notifications): title, type, 'Sent on', body, its action and controls. */
export function NotificationPreview({ notification, pending, onChange }: NotificationPreviewProps) {
  const { id, status, pinned, action } = notification;
  const archived = status === 'archived';
  return (
    <Stack gap="md" p={{ base: 'md', sm: 'lg' }} component="article" aria-label={notification.title}>
      <Stack gap={6}>
        <Group gap="xs">
          <NotificationTypeBadge type={notification.type} />
          {archived && (
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {messages.filters.archived}
            </Text>
          )}
        </Group>
        <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
          {notification.title}
        </Title>
        <Text size="sm" c="dimmed">
          {messages.sentOn} {formatSentOn(notification.created_at)}
        </Text>
      </Stack>
      <Divider />
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {notification.body}
      </Text>
      {action !== null && action.status === 'unfulfilled' && (
        <Alert color="violet" variant="light" p="sm">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messages.actionPending}</Text>
            {action.url !== null && (
              <Button component={Link} to={action.url} size="xs" color="violet">
                {action.label}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <Group gap="xs">
        <Button
          variant={pinned ? 'light' : 'default'}
          size="xs"
          leftSection={<IconPin size={16} />}
          disabled={pending}
          onClick={() => onChange({ id, pinned: !pinned })}
        >
          {pinned ? messages.unpin : messages.pin}
        </Button>
        {status === 'read' && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconMail size={16} />}
            disabled={pending}
            onClick={() => onChange({ id, status: 'unread' })}
          >
            {messages.markUnread}
          </Button>
        )}
        {status === 'unread' && canRead(notification) && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCheck size={16} />}
            disabled={pending}
            onClick={() => onChange({ id, status: 'read' })}
          >
            {messages.markRead}
          </Button>
        )}
        {canArchive(notification) && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconArchive size={16} />}
            disabled={pending}
            onClick={() => onChange({ id, status: archived ? 'read' : 'archived' })}
          >
            {archived ? messages.unarchive : messages.archive}
          </Button>
        )}
      </Group>
      {notification.type === 'persistent' && (
        <Text size="xs" c="dimmed">
          {messages.persistentNote}
        </Text>
      )}
    </Stack>
  );
}
