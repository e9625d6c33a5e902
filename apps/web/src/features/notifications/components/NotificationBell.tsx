import { ActionIcon, Indicator, Popover, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  operations,
  type Notification,
  type Organization,
  type UpdateNotificationResponse,
} from '@maya/contracts';
import { useMutationState } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconBell } from '../../../shared/ui/icons';
import { notificationKeys } from '../api/keys';
import { useNotificationCount } from '../hooks/useNotificationCount';
import { useNotificationPoll } from '../hooks/useNotificationPoll';
import { notificationErrorMessage, notificationMessages as messages, unreadBadge } from '../messages';
import { notificationsPath, type NotificationsPageState } from '../navigation';
import { showToast } from '../../../shared/ui/toast';
import { BellPanel } from './BellPanel';
import { NewNotificationPopup } from './NewNotificationPopup';

/**
 * The top bar's bell (spec 002 Notifications, §2, §6; the shell shows it to staff users): the
 * unread count as a badge and a panel; at 500 px or less it goes straight to the page. It polls
 * for new notifications every 12 s and announces the newest unread one in the popup.
 */
export function NotificationBell({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const narrow = useMediaQuery(`(max-width: ${operations.bellBreakpointPx}px)`) ?? false;
  const [opened, setOpened] = useState(false);
  const count = useNotificationCount(organization.id);
  const poll = useNotificationPoll(organization.id);
  const popup = usePopup(organization.id, poll.data?.latest ?? null);
  const pagePath = notificationsPath(organization.slug);

  // One toast per failing streak, not one every 12 s.
  const pollError = poll.isError ? poll.error : null;
  const failing = useRef(false);
  useEffect(() => {
    if (pollError !== null && !failing.current)
      showToast('error', notificationErrorMessage(pollError, 'refreshing'));
    failing.current = pollError !== null;
  }, [pollError]);

  const openItem = (notification: Notification) => {
    setOpened(false);
    popup.hide();
    const state: NotificationsPageState = { notification };
    void navigate(pagePath, { state });
  };

  const unread = count.data?.count ?? 0;
  // No parentheses: the badge's number must be in the name as a word (axe label-content-name-mismatch
  // drops parentheticals before comparing).
  const label = unread > 0 ? `${messages.bell}, ${unreadBadge(unread)} unread` : messages.bell;
  const icon = (
    <Indicator
      disabled={unread === 0}
      label={unreadBadge(unread)}
      size={16}
      color="red"
      offset={3}
      styles={{ indicator: { fontSize: 10, fontWeight: 700, paddingInline: 4 } }}
    >
      <IconBell size={20} />
    </Indicator>
  );

  return (
    <>
      {narrow ? (
        <Tooltip label={messages.bell} withArrow>
          <ActionIcon
            component={Link}
            to={pagePath}
            variant="subtle"
            color="gray"
            size="lg"
            radius="md"
            aria-label={label}
          >
            {icon}
          </ActionIcon>
        </Tooltip>
      ) : (
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          width={360}
          shadow="md"
          radius="md"
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="md"
              aria-label={label}
              aria-haspopup="dialog"
              aria-expanded={opened}
              onClick={() => setOpened((open) => !open)}
            >
              {icon}
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p={0} aria-label={messages.bell}>
            {opened && (
              <BellPanel
                organizationId={organization.id}
                pagePath={pagePath}
                onSelect={openItem}
                onSeeAll={() => setOpened(false)}
              />
            )}
          </Popover.Dropdown>
        </Popover>
      )}
      <NewNotificationPopup notification={popup.shown} onClose={popup.hide} onOpen={openItem} />
    </>
  );
}

/**
 * What the popup shows: the newest notification polling brought, while unread; it reappears for
 * a newer one and hides when closed, timed out, or read (or archived) anywhere in the app.
 */
function usePopup(organizationId: string, latest: Notification | null) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const changed = useMutationState({
    filters: { mutationKey: notificationKeys.update(organizationId), status: 'success' },
    select: (mutation) =>
      (mutation.state.data as UpdateNotificationResponse | undefined)?.updated_notification,
  });
  const read =
    latest !== null && changed.some((updated) => updated?.id === latest.id && updated.status !== 'unread');
  const shown =
    latest !== null && latest.status === 'unread' && latest.id !== dismissed && !read ? latest : null;
  return { shown, hide: () => setDismissed(latest?.id ?? null) };
}
