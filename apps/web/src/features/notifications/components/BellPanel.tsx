import { Alert, Button, Divider, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import type { Notification, NotificationFilter } from '@maya/contracts';
import { Link } from 'react-router';
import { useNotificationList } from '../hooks/useNotificationList';
import { useNow } from '../hooks/useNow';
import { notificationErrorMessage, notificationMessages as messages } from '../messages';
import { NotificationListItem } from './NotificationListItem';

/** How many of each section the panel shows; the page has the rest. */
const PANEL_LIMIT = 5;

type BellPanelProps = {
  organizationId: string;
  pagePath: string;
  onSelect: (notification: Notification) => void;
  onSeeAll: () => void;
};

/** The bell's panel (spec 002 Notifications): 'Latest Unread', 'Previous' (read) and 'See all'. */
export function BellPanel({ organizationId, pagePath, onSelect, onSeeAll }: BellPanelProps) {
  const now = useNow();
  return (
    <Stack gap={0}>
      <ScrollArea.Autosize mah="min(480px, calc(100dvh - 140px))" type="hover" scrollbars="y">
        <Section
          title={messages.latestUnread}
          empty={messages.panelEmpty.unread}
          filter="unread"
          organizationId={organizationId}
          now={now}
          onSelect={onSelect}
        />
        <Divider />
        <Section
          title={messages.previous}
          empty={messages.panelEmpty.read}
          filter="read"
          organizationId={organizationId}
          now={now}
          onSelect={onSelect}
        />
      </ScrollArea.Autosize>
      <Divider />
      <Group justify="center" p={6}>
        <Button component={Link} to={pagePath} variant="subtle" size="xs" onClick={onSeeAll}>
          {messages.seeAll}
        </Button>
      </Group>
    </Stack>
  );
}

function Section({
  title,
  empty,
  filter,
  organizationId,
  now,
  onSelect,
}: {
  title: string;
  empty: string;
  filter: NotificationFilter;
  organizationId: string;
  now: Date;
  onSelect: (notification: Notification) => void;
}) {
  const list = useNotificationList(organizationId, filter, PANEL_LIMIT);
  const items = list.data?.pages[0]?.notifications ?? [];
  return (
    <section aria-label={title}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="md" pt="sm" pb={4}>
        {title}
      </Text>
      {list.isPending ? (
        <Skeleton height={40} mx="md" mb="sm" />
      ) : list.isError ? (
        <Alert color="red" variant="light" mx="md" mb="sm" p="xs">
          {notificationErrorMessage(list.error, 'getting')}
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="sm">
          {empty}
        </Text>
      ) : (
        items.map((item) => (
          <NotificationListItem key={item.id} notification={item} now={now} onSelect={onSelect} />
        ))
      )}
    </section>
  );
}
