import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '@maya/contracts';
import { IconPin } from '../../../shared/ui/icons';
import { notificationMessages as messages } from '../messages';
import { relativeTime } from '../relativeTime';
import { TYPE_COLOR } from './NotificationTypeBadge';

type NotificationListItemProps = {
  notification: Notification;
  selected?: boolean;
  now: Date;
  onSelect: (notification: Notification) => void;
};

/** One row of a notification list: type colour, title (bold while unread), a line of body, when. */
export function NotificationListItem({
  notification,
  selected = false,
  now,
  onSelect,
}: NotificationListItemProps) {
  const unread = notification.status === 'unread';
  return (
    <UnstyledButton
      onClick={() => onSelect(notification)}
      aria-current={selected ? 'true' : undefined}
      w="100%"
      px="md"
      py="sm"
      bg={selected ? 'indigo.0' : undefined}
      style={{ display: 'block', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box
          mt={6}
          w={8}
          h={8}
          style={{
            flex: 'none',
            borderRadius: '50%',
            background: unread ? `var(--mantine-color-${TYPE_COLOR[notification.type]}-6)` : 'transparent',
            border: `1.5px solid var(--mantine-color-${TYPE_COLOR[notification.type]}-6)`,
          }}
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={unread ? 700 : 500} truncate>
              {notification.title}
            </Text>{' '}
            <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
              {notification.pinned && (
                <Box c="indigo.6" style={{ display: 'flex' }} aria-label={messages.pinned} role="img">
                  <IconPin size={14} />
                </Box>
              )}
              <Text size="xs" c="dimmed">
                {relativeTime(notification.created_at, now)}
              </Text>
            </Group>
          </Group>{' '}
          {notification.body !== '' && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {notification.body}
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
