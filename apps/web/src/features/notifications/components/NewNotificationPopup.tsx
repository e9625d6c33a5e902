import { Affix, CloseButton, Group, Paper, Stack, Text, Transition, UnstyledButton } from '@mantine/core';
import { operations, type Notification } from '@maya/contracts';
import { useEffect, useRef } from 'react';
import { notificationMessages as messages } from '../messages';
import { formatSentOn } from '../relativeTime';
import { TYPE_COLOR } from './NotificationTypeBadge';

type NewNotificationPopupProps = {
  /** The notification to announce; null hides the popup. */
  notification: Notification | null;
  onClose: () => void;
  onOpen: (notification: Notification) => void;
};

/**
 * The 'New notification' popup (spec 002 Notifications, §5): title, date, body and a close
 * control; a click opens the notifications page with it preselected. It hides after 7000 ms.
 */
export function NewNotificationPopup({ notification, onClose, onOpen }: NewNotificationPopupProps) {
  const id = notification?.id ?? null;
  // A new notification restarts the clock; a new onClose identity does not.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (id === null) return;
    const timer = window.setTimeout(() => close.current(), operations.notificationPopupMs);
    return () => window.clearTimeout(timer);
  }, [id]);

  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={300}>
      <Transition mounted={notification !== null} transition="slide-up" duration={200}>
        {(style) =>
          notification === null ? (
            <></>
          ) : (
            <Paper
              style={{
                ...style,
                borderLeft: `4px solid var(--mantine-color-${TYPE_COLOR[notification.type]}-6)`,
              }}
              shadow="lg"
              withBorder
              radius="md"
              w={340}
              maw="calc(100vw - 40px)"
              role="status"
              aria-label={messages.newNotification}
            >
              <Group justify="space-between" wrap="nowrap" pl="md" pr={6} pt={6}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {messages.newNotification}
                </Text>
                <CloseButton size="sm" aria-label={messages.close} onClick={onClose} />
              </Group>
              <UnstyledButton w="100%" px="md" pb="md" pt={4} onClick={() => onOpen(notification)}>
                <Stack gap={4}>
                  <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {notification.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatSentOn(notification.created_at)}
                  </Text>
                  {notification.body !== '' && (
                    <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                      {notification.body}
                    </Text>
                  )}
                </Stack>
              </UnstyledButton>
            </Paper>
          )
        }
      </Transition>
    </Affix>
  );
}
