import { Badge } from '@mantine/core';
import type { NotificationType } from '@maya/contracts';
import { notificationMessages as messages } from '../messages';

/** The colour of each notification type, the same in lists, preview, popup and toasts. */
export const TYPE_COLOR: Record<NotificationType, string> = {
  error: 'red',
  info: 'blue',
  success: 'teal',
  warning: 'orange',
  persistent: 'violet',
};

export function NotificationTypeBadge({ type }: { type: NotificationType }) {
  return (
    <Badge color={TYPE_COLOR[type]} variant="light" size="sm" radius="sm">
      {messages.types[type]}
    </Badge>
  );
}
