import type { Bookmark } from '@maya/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../../../shared/user';
import { IconDots, IconTrash } from '../../../shared/ui/icons';
import { useCurrentOrganization } from '../../organizations';
import { reportLabel, useReportList } from '../../reports';
import { useManagedBookmarks } from '../hooks/useManagedBookmarks';
import { useUpdateBookmark } from '../hooks/useUpdateBookmark';
import { bookmarkErrorMessage, bookmarkLoadMessage, bookmarkMessages as text } from '../messages';
import { managesBookmarks } from '../model/tree';
import { showToast } from '../../../shared/ui/toast';
import { BookmarkDialogs, type DialogAction, type OpenDialog } from './BookmarkDialogs';
import { IconEye, IconPencil } from './icons';

/** A bookmark with how deep it sits in the navigation menu (0 at the top). */
type Row = { bookmark: Bookmark; depth: number };

function rowsOf(bookmarks: readonly Bookmark[], depth = 0): Row[] {
  return bookmarks.flatMap((bookmark) => [{ bookmark, depth }, ...rowsOf(bookmark.children, depth + 1)]);
}

/** Who sees the bookmark, in a few words (spec 002 §5). */
function audience(bookmark: Bookmark, userId: string | null): string {
  if (bookmark.is_private) return bookmark.created_by_id === userId ? text.onlyYou : text.onlyCreator;
  if (bookmark.visible_to_all) return text.everyone;
  return text.sharedWith(bookmark.visible_to.length);
}

function BookmarkRow({
  row,
  userId,
  onAction,
  onToggleActive,
}: {
  row: Row;
  userId: string | null;
  onAction: (action: DialogAction, bookmark: Bookmark) => void;
  onToggleActive: (bookmark: Bookmark) => void;
}) {
  const { bookmark, depth } = row;
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      py="sm"
      pl={depth * 20}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} truncate="end" title={bookmark.name}>
            {bookmark.name}
          </Text>
          {bookmark.is_category && (
            <Badge size="xs" variant="light" color="gray">
              {text.category}
            </Badge>
          )}
          {bookmark.is_default && (
            <Badge size="xs" variant="light" color="indigo">
              {text.defaultBadge}
            </Badge>
          )}
          {bookmark.is_private && (
            <Badge size="xs" variant="light" color="orange">
              {text.privateBadge}
            </Badge>
          )}
          {!bookmark.is_active && (
            <Badge size="xs" variant="light" color="gray">
              {text.inactive}
            </Badge>
          )}
          {bookmark.show_demo && (
            <Badge size="xs" variant="light" color="grape">
              {text.demo}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {audience(bookmark, userId)}
        </Text>
      </Stack>
      {bookmark.can_edit && (
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button
            size="xs"
            variant="subtle"
            visibleFrom="sm"
            leftSection={<IconPencil size={14} />}
            onClick={() => onAction('rename', bookmark)}
          >
            {text.rename}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            visibleFrom="sm"
            leftSection={<IconEye size={14} />}
            onClick={() => onAction('visibility', bookmark)}
          >
            {text.visibility}
          </Button>
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={text.actionsOf(bookmark.name)}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {/* On a phone the row's buttons live here. */}
              <Menu.Item
                hiddenFrom="sm"
                leftSection={<IconPencil size={14} />}
                onClick={() => onAction('rename', bookmark)}
              >
                {text.rename}
              </Menu.Item>
              <Menu.Item
                hiddenFrom="sm"
                leftSection={<IconEye size={14} />}
                onClick={() => onAction('visibility', bookmark)}
              >
                {text.visibility}
              </Menu.Item>
              <Menu.Item onClick={() => onToggleActive(bookmark)}>
                {bookmark.is_active ? text.hideFromMenu : text.showInMenu}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onAction('delete', bookmark)}
              >
                {text.delete}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Group>
  );
}

/**
 * Settings › Bookmarks (spec 002 §2 "list and edit bookmarks, names and visibility"): the
 * organization's bookmarks per report that the caller may see, to rename, share, hide or delete.
 */
export function BookmarksTab() {
  const organization = useCurrentOrganization();
  const organizationId = organization?.id ?? '';
  const user = useCurrentUser().data;
  const bookmarks = useManagedBookmarks(organizationId);
  const reports = useReportList(organizationId);
  const update = useUpdateBookmark();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const isStaff = user?.is_staff ?? false;
  const manager = managesBookmarks(organization?.role ?? null, isStaff);

  if (bookmarks.isPending) {
    return (
      <Stack gap="sm" aria-label={text.bookmarks}>
        <Skeleton height={48} radius="md" />
        <Skeleton height={48} radius="md" />
      </Stack>
    );
  }
  if (bookmarks.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={bookmarkLoadMessage(bookmarks.error)}>
        <Button size="xs" variant="white" color="red" onClick={() => void bookmarks.refetch()}>
          {text.retry}
        </Button>
      </Alert>
    );
  }

  const all = [...bookmarks.data.navigation_bookmarks, ...bookmarks.data.bookmarks];
  const slugs = [...new Set(all.map((b) => b.report_slug))];
  const reportList = reports.data?.reports ?? [];
  const order = reportList.map((r) => r.slug);
  slugs.sort(
    (a, b) => (order.indexOf(a) + 1 || Infinity) - (order.indexOf(b) + 1 || Infinity) || a.localeCompare(b),
  );
  const nameOf = (slug: string) => reportLabel(reportList.find((r) => r.slug === slug)?.name ?? slug);

  const toggleActive = (bookmark: Bookmark) =>
    update.mutate(
      {
        organizationId,
        reportSlug: bookmark.report_slug,
        id: bookmark.id,
        change: { is_active: !bookmark.is_active },
      },
      {
        onSuccess: (saved) => showToast('success', text.saved(saved.name)),
        onError: (cause) => showToast('error', bookmarkErrorMessage(cause, 'update')),
      },
    );

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {text.settingsIntro}
      </Text>
      {slugs.length === 0 && (
        <Paper withBorder p="lg">
          <Text size="sm">{text.noManagedBookmarks}</Text>
        </Paper>
      )}
      {slugs.map((slug) => {
        const inReport = [
          ...rowsOf(bookmarks.data.navigation_bookmarks.filter((b) => b.report_slug === slug)),
          ...rowsOf(bookmarks.data.bookmarks.filter((b) => b.report_slug === slug)),
        ];
        const headingId = `bookmarks-report-${slug}`;
        return (
          <Paper
            key={slug}
            component="section"
            withBorder
            p={{ base: 'md', sm: 'lg' }}
            aria-labelledby={headingId}
          >
            <Group gap="xs" mb="xs">
              <Title order={2} fz="lg" id={headingId}>
                {nameOf(slug)}
              </Title>
              <Badge variant="light" color="gray" radius="sm">
                {inReport.length}
              </Badge>
            </Group>
            <Stack component="ul" gap={0} m={0} p={0} aria-label={nameOf(slug)} style={{ listStyle: 'none' }}>
              {inReport.map((row) => (
                <BookmarkRow
                  key={row.bookmark.id}
                  row={row}
                  userId={user?.id ?? null}
                  onAction={(action, bookmark) => setDialog({ action, bookmark })}
                  onToggleActive={toggleActive}
                />
              ))}
            </Stack>
          </Paper>
        );
      })}
      {dialog !== null && (
        <BookmarkDialogs
          dialog={dialog}
          onClose={() => setDialog(null)}
          organizationId={organizationId}
          others={rowsOf(all).map((row) => row.bookmark)}
          manager={manager}
          privateForced={(organization?.is_demo ?? false) && !isStaff}
          currentUser={{
            id: user?.id ?? '',
            name: user ? `${user.profile.first_name} ${user.profile.last_name}`.trim() || user.email : '',
            email: user?.email ?? '',
          }}
        />
      )}
    </Stack>
  );
}
