import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { NotificationFilterSchema, type Notification, type NotificationFilter } from '@maya/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNarrowScreen } from '../../../shared/hooks/useNarrowScreen';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { useCurrentOrganization } from '../../organizations';
import { IconArrowLeft } from '../../../shared/ui/icons';
import { useNotification } from '../hooks/useNotification';
import { useNotificationCount } from '../hooks/useNotificationCount';
import { useNotificationList } from '../hooks/useNotificationList';
import { useNow } from '../hooks/useNow';
import { useScrollTrigger } from '../hooks/useScrollTrigger';
import { useUpdateNotification, type NotificationChange } from '../hooks/useUpdateNotification';
import { notificationErrorMessage, notificationMessages as messages, unreadBadge } from '../messages';
import { preselectedNotification, PRESELECT_PARAM } from '../navigation';
import { canRead } from '../rules';
import { showToast } from '../../../shared/ui/toast';
import { NotificationListItem } from './NotificationListItem';
import { NotificationPreview } from './NotificationPreview';

const FILTERS = NotificationFilterSchema.options;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /organization/:slug/notifications (spec 002 Notifications): 'All notifications' with the read
 * filters, the list paged by infinite scroll and a preview pane. The item to open arrives in
 * router state (the bell's panel, the popup) or as `?notification=` (the e-mail's link).
 */
export function NotificationsPage() {
  const organization = useCurrentOrganization();
  if (organization === null) return null;
  return <NotificationsContent key={organization.id} organizationId={organization.id} />;
}

function NotificationsContent({ organizationId }: { organizationId: string }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const narrow = useNarrowScreen();
  const now = useNow();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [selected, setSelected] = useState<Notification | null>(null);
  const list = useNotificationList(organizationId, filter);
  const update = useUpdateNotification(organizationId);
  const unreadCount = useNotificationCount(organizationId).data?.count ?? 0;
  const linkedParam = searchParams.get(PRESELECT_PARAM);
  const linked = useNotification(
    organizationId,
    linkedParam !== null && UUID.test(linkedParam) ? linkedParam : null,
  );

  const change = (notificationChange: NotificationChange) =>
    update.mutate(notificationChange, {
      onSuccess: ({ updated_notification: updated }) =>
        setSelected((current) => (current?.id === updated.id ? updated : current)),
      onError: (error) => showToast('error', notificationErrorMessage(error, 'updating')),
    });

  // spec 002 §5: unread becomes read when opened (once per notification and visit).
  const autoRead = useRef(new Set<string>());
  const open = (notification: Notification) => {
    setSelected(notification);
    if (notification.status !== 'unread' || !canRead(notification) || autoRead.current.has(notification.id))
      return;
    autoRead.current.add(notification.id);
    change({ id: notification.id, status: 'read' });
  };
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });

  // A new navigation with router state (the popup clicked while already here) opens its item.
  useEffect(() => {
    const preselected = preselectedNotification(location.state);
    if (preselected) openRef.current(preselected);
  }, [location.state]);
  useEffect(() => {
    if (linked.data) openRef.current(linked.data);
  }, [linked.data]);

  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const current = selected === null ? null : (items.find((item) => item.id === selected.id) ?? selected);
  const trigger = useScrollTrigger<HTMLButtonElement>(
    () => void list.fetchNextPage(),
    list.hasNextPage && !list.isFetchingNextPage,
  );

  const listPane = (
    <Box>
      {list.isPending ? (
        <Stack gap="xs" p="md">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" variant="light" m="md">
          {notificationErrorMessage(list.error, 'getting')}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm" p="lg" ta="center">
          {messages.empty[filter]}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={messages.title}>
          {items.map((item) => (
            <li key={item.id}>
              <NotificationListItem
                notification={item}
                selected={current?.id === item.id}
                now={now}
                onSelect={open}
              />
            </li>
          ))}
        </Box>
      )}
      {list.hasNextPage && (
        <Center p="sm">
          <Button
            ref={trigger}
            variant="subtle"
            size="xs"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {messages.loadMore}
          </Button>
        </Center>
      )}
    </Box>
  );

  const previewPane =
    current === null ? (
      linked.isError ? (
        <Alert color="red" variant="light" m="md">
          {notificationErrorMessage(linked.error, 'getting')}
        </Alert>
      ) : linked.isFetching ? (
        <Center p="xl">
          <Loader size="sm" aria-label={messages.loadingNotification} />
        </Center>
      ) : (
        <Center p="xl" mih={200}>
          <Text c="dimmed" size="sm">
            {messages.selectPrompt}
          </Text>
        </Center>
      )
    ) : (
      <NotificationPreview notification={current} pending={update.isPending} onChange={change} />
    );

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} fz={28}>
        {messages.title}
      </Title>
      <Paper withBorder radius="md" style={{ overflow: 'clip' }}>
        <Tabs
          value={filter}
          onChange={(value) => setFilter(z.catch(NotificationFilterSchema, 'all').parse(value))}
        >
          <Tabs.List px="xs">
            {FILTERS.map((value) => (
              <Tabs.Tab
                key={value}
                value={value}
                rightSection={
                  value === 'unread' && unreadCount > 0 ? (
                    <Badge size="xs" circle={unreadCount < 10} variant="filled" color="red" aria-hidden>
                      {unreadBadge(unreadCount)}
                    </Badge>
                  ) : null
                }
              >
                {messages.filters[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {narrow ? (
          current === null ? (
            listPane
          ) : (
            <Stack gap={0}>
              <Box px="xs" pt="xs">
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconArrowLeft size={16} />}
                  onClick={() => setSelected(null)}
                >
                  {messages.back}
                </Button>
              </Box>
              {previewPane}
            </Stack>
          )
        ) : (
          <Box
            style={{ display: 'grid', gridTemplateColumns: 'minmax(280px, 2fr) 3fr', alignItems: 'start' }}
          >
            <Box style={{ borderRight: '1px solid var(--mantine-color-gray-2)', minHeight: 320 }}>
              {listPane}
            </Box>
            <Box style={{ position: 'sticky', top: 76 }}>{previewPane}</Box>
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
