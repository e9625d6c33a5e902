import type { Bookmark, BookmarkListResponse } from '@maya/contracts';
import { Badge, Group, Loader, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { IconRefresh, IconTrash } from '../../../shared/ui/icons';
import type { OnDemandMenuProps } from '../../../shared/ui/MenuOnDemand';
import { bookmarkMessages as text } from '../messages';
import type { BookmarkSource } from '../model/tree';
import { IconBookmark, IconEye, IconFolder, IconLink, IconLock, IconPencil, IconStar } from './icons';

/**
 * The menu hangs from the right end of the toolbar: its submenus open to the left, every level
 * the same way, so that a nested one never opens back over its parent.
 */
const SUB_POSITION = 'left-start';

export type BookmarkMenuAction = 'refresh' | 'rename' | 'visibility' | 'default' | 'demo' | 'copy' | 'delete';

/**
 * A screen without hover (a phone, a tablet): there a tap on a bookmark opens what may be done
 * with it (Apply first), as a hover does with a mouse, so rename, delete and copy link are
 * reachable by touch too.
 */
const TOUCH = '(hover: none)';

type BookmarksMenuProps = OnDemandMenuProps & {
  list: BookmarkListResponse | undefined;
  loading: boolean;
  /** The load failure's message (spec 002 §8 Load bookmarks), or null. */
  error: string | null;
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  active: Bookmark | null;
  /** Embedded read-only: bookmarks apply, nothing is changed. */
  readOnly: boolean;
  /** Staff in the demo organization: bookmarks may be marked to be shown as demo bookmarks. */
  marksDemo: boolean;
  onApply: (bookmark: Bookmark, source: BookmarkSource) => void;
  onAction: (action: BookmarkMenuAction, bookmark: Bookmark) => void;
};

export function DemoBadge({ bookmark, demo }: { bookmark: Bookmark; demo?: boolean }) {
  if (!bookmark.show_demo && demo !== true) return null;
  return (
    <Badge size="xs" variant="light" color="grape">
      {text.demo}
    </Badge>
  );
}

/** A navigation node: a category opens its children on hover and is not clickable; a bookmark applies. */
function NavigationNode({
  bookmark,
  onApply,
}: {
  bookmark: Bookmark;
  onApply: BookmarksMenuProps['onApply'];
}) {
  if (bookmark.is_category) {
    return (
      <Menu.Sub position={SUB_POSITION} offset={4}>
        <Menu.Sub.Target>
          <Menu.Sub.Item leftSection={<IconFolder size={14} />}>
            <Group gap={6} wrap="nowrap">
              <span>{bookmark.displayName}</span>
              <DemoBadge bookmark={bookmark} />
            </Group>
          </Menu.Sub.Item>
        </Menu.Sub.Target>
        <Menu.Sub.Dropdown miw={200}>
          {bookmark.children.map((child) => (
            <NavigationNode key={child.id} bookmark={child} onApply={onApply} />
          ))}
        </Menu.Sub.Dropdown>
      </Menu.Sub>
    );
  }
  return (
    <Menu.Item onClick={() => onApply(bookmark, 'own')} rightSection={<DemoBadge bookmark={bookmark} />}>
      {bookmark.displayName}
    </Menu.Item>
  );
}

/**
 * What may be done with one of the user's bookmarks, Apply first: the items of its submenu here
 * and of its actions menu in edit mode's bookmarks pane. Rename, refresh, visibility and delete
 * only where the bookmark permits (spec 002 §4).
 */
export function BookmarkActionItems({
  bookmark,
  readOnly,
  marksDemo,
  onApply,
  onAction,
}: {
  bookmark: Bookmark;
  readOnly: boolean;
  marksDemo: boolean;
  onApply: BookmarksMenuProps['onApply'];
  onAction: BookmarksMenuProps['onAction'];
}) {
  const item = (action: BookmarkMenuAction, label: string, icon: ReactNode, color?: string) => (
    <Menu.Item key={action} leftSection={icon} color={color} onClick={() => onAction(action, bookmark)}>
      {label}
    </Menu.Item>
  );
  const edits = bookmark.can_edit && !readOnly;
  return (
    <>
      <Menu.Item leftSection={<IconBookmark size={14} />} onClick={() => onApply(bookmark, 'own')}>
        {text.apply}
      </Menu.Item>
      {edits && item('refresh', text.refresh, <IconRefresh size={14} />)}
      {edits && item('rename', text.rename, <IconPencil size={14} />)}
      {edits && item('visibility', text.visibility, <IconEye size={14} />)}
      {!readOnly &&
        item('default', bookmark.is_default ? text.unsetDefault : text.setDefault, <IconStar size={14} />)}
      {edits &&
        marksDemo &&
        !bookmark.is_private &&
        item('demo', bookmark.show_demo ? text.hideFromDemo : text.showInDemo, <IconEye size={14} />)}
      {item('copy', text.copyLink, <IconLink size={14} />)}
      {edits && <Menu.Divider />}
      {edits && item('delete', text.delete, <IconTrash size={14} />, 'red')}
    </>
  );
}

/**
 * One of the user bookmarks: a click applies it; hovering opens what may be done with it. On a
 * touch screen a tap opens that instead (it starts with Apply).
 */
function UserBookmark({
  bookmark,
  readOnly,
  marksDemo,
  touch,
  onApply,
  onAction,
}: {
  bookmark: Bookmark;
  readOnly: boolean;
  marksDemo: boolean;
  /** On a touch screen, whose bookmark's actions are open (taps decide, not hover); else undefined. */
  touch: { opened: boolean; onOpen: () => void } | undefined;
  onApply: BookmarksMenuProps['onApply'];
  onAction: BookmarksMenuProps['onAction'];
}) {
  return (
    <Menu.Sub position={SUB_POSITION} offset={4} opened={touch?.opened}>
      <Menu.Sub.Target>
        <Menu.Sub.Item
          closeMenuOnClick={touch === undefined}
          onClick={() => (touch === undefined ? onApply(bookmark, 'own') : touch.onOpen())}
          aria-label={bookmark.displayName}
          leftSection={bookmark.is_private ? <IconLock size={14} /> : <IconBookmark size={14} />}
        >
          <Group gap={6} wrap="nowrap">
            <span>{bookmark.displayName}</span>
            {bookmark.is_default && (
              <Badge size="xs" variant="light" color="indigo">
                {text.defaultBadge}
              </Badge>
            )}
            <DemoBadge bookmark={bookmark} />
          </Group>
        </Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown miw={220}>
        <BookmarkActionItems
          bookmark={bookmark}
          readOnly={readOnly}
          marksDemo={marksDemo}
          onApply={onApply}
          onAction={onAction}
        />
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}

/**
 * The bookmarks menu (spec 002 §2 Bookmark menu), loaded on demand by the toolbar (which draws its
 * button until then, and controls whether it is open): a nested hover menu of the navigation
 * bookmarks (categories are not clickable), the demo organization's bookmarks with a 'Demo'
 * badge, then the user's bookmarks with their actions; 'No bookmarks' when there are none.
 */
export function BookmarksMenu(props: BookmarksMenuProps) {
  const {
    target,
    list,
    loading,
    error,
    opened,
    onOpenedChange,
    active,
    readOnly,
    marksDemo,
    onApply,
    onAction,
  } = props;
  const touch = useMediaQuery(TOUCH) ?? false;
  const [tappedId, setTappedId] = useState<string | null>(null);
  const navigation = list?.navigation_bookmarks ?? [];
  const demo = list?.demo_bookmarks ?? [];
  const mine = list?.bookmarks ?? [];

  const body = () => {
    if (loading) {
      return (
        <Menu.Item disabled leftSection={<Loader size={14} aria-hidden />}>
          {text.bookmarks}
        </Menu.Item>
      );
    }
    if (error !== null) {
      return (
        <Text size="sm" c="red" px="sm" py={6} maw={260}>
          {error}
        </Text>
      );
    }
    return (
      <>
        {navigation.length > 0 && (
          <>
            <Menu.Label>{text.navigation}</Menu.Label>
            {navigation.map((bookmark) => (
              <NavigationNode key={bookmark.id} bookmark={bookmark} onApply={onApply} />
            ))}
          </>
        )}
        {demo.length > 0 && (
          <>
            <Menu.Label>{text.demoBookmarks}</Menu.Label>
            {demo.map((bookmark) => (
              <Menu.Item
                key={bookmark.id}
                onClick={() => onApply(bookmark, 'demo')}
                rightSection={<DemoBadge bookmark={bookmark} demo />}
              >
                {bookmark.displayName}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Label>{text.myBookmarks}</Menu.Label>
        {mine.length === 0 ? (
          <Menu.Item disabled>{text.noBookmarks}</Menu.Item>
        ) : (
          mine.map((bookmark) => (
            <UserBookmark
              key={bookmark.id}
              bookmark={bookmark}
              readOnly={readOnly}
              marksDemo={marksDemo}
              touch={
                touch
                  ? { opened: tappedId === bookmark.id, onOpen: () => setTappedId(bookmark.id) }
                  : undefined
              }
              onApply={onApply}
              onAction={onAction}
            />
          ))
        )}
      </>
    );
  };

  return (
    <Menu
      trigger="click-hover"
      opened={opened}
      onChange={onOpenedChange}
      position="bottom-end"
      shadow="md"
      closeDelay={250}
      openDelay={80}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown miw={240} maw={340}>
        <Menu.Label>{active === null ? text.noBookmarkSelected : text.active(active.displayName)}</Menu.Label>
        <Menu.Divider />
        {body()}
      </Menu.Dropdown>
    </Menu>
  );
}
