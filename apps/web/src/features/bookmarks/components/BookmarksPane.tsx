import type { Bookmark, BookmarkListResponse } from '@maya/contracts';
import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { IconDots } from '../../../shared/ui/icons';
import { bookmarkMessages as text } from '../messages';
import type { BookmarkSource } from '../model/tree';
import { BookmarkActionItems, DemoBadge, type BookmarkMenuAction } from './BookmarksMenu';
import { IconBookmark, IconFolder, IconLock } from './icons';
import classes from './BookmarksPane.module.css';

type BookmarksPaneProps = {
  list: BookmarkListResponse | undefined;
  active: Bookmark | null;
  readOnly: boolean;
  marksDemo: boolean;
  onApply: (bookmark: Bookmark, source: BookmarkSource) => void;
  onAction: (action: BookmarkMenuAction, bookmark: Bookmark) => void;
};

/** A bookmark's row: its name applies it; the menu beside it holds its actions (a click, not a hover). */
function Row({
  bookmark,
  source,
  depth,
  active,
  props,
}: {
  bookmark: Bookmark;
  source: BookmarkSource;
  depth: number;
  active: boolean;
  props: BookmarksPaneProps;
}) {
  return (
    <Group gap={4} wrap="nowrap" pl={depth * 14} className={classes.row} data-active={active || undefined}>
      <UnstyledButton
        className={classes.apply}
        onClick={() => props.onApply(bookmark, source)}
        aria-current={active || undefined}
      >
        <Group gap={6} wrap="nowrap">
          {bookmark.is_private ? <IconLock size={14} /> : <IconBookmark size={14} />}
          <Text size="sm" truncate="end">
            {bookmark.displayName}
          </Text>
          {bookmark.is_default && (
            <Badge size="xs" variant="light" color="indigo" style={{ flexShrink: 0 }}>
              {text.defaultBadge}
            </Badge>
          )}
          <DemoBadge bookmark={bookmark} demo={source === 'demo'} />
        </Group>
      </UnstyledButton>
      {source === 'own' && !bookmark.is_navigation && (
        <Menu position="bottom-end" shadow="md" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={text.actionsOf(bookmark.displayName)}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown miw={220}>
            <BookmarkActionItems
              bookmark={bookmark}
              readOnly={props.readOnly}
              marksDemo={props.marksDemo}
              onApply={props.onApply}
              onAction={props.onAction}
            />
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** The navigation tree: categories as headings (not clickable, spec 002 §2), bookmarks as rows. */
function Tree({ nodes, depth, props }: { nodes: Bookmark[]; depth: number; props: BookmarksPaneProps }) {
  return nodes.map((node) =>
    node.is_category ? (
      <Stack key={node.id} gap={2}>
        <Group gap={6} pl={depth * 14} py={4} c="dimmed">
          <IconFolder size={14} />
          <Text size="xs" fw={600}>
            {node.displayName}
          </Text>
        </Group>
        <Tree nodes={node.children} depth={depth + 1} props={props} />
      </Stack>
    ) : (
      <Row
        key={node.id}
        bookmark={node}
        source="own"
        depth={depth}
        active={props.active?.id === node.id}
        props={props}
      />
    ),
  );
}

function Rows({
  bookmarks,
  source,
  props,
}: {
  bookmarks: Bookmark[];
  source: BookmarkSource;
  props: BookmarksPaneProps;
}) {
  return bookmarks.map((bookmark) => (
    <Row
      key={bookmark.id}
      bookmark={bookmark}
      source={source}
      depth={0}
      active={props.active?.id === bookmark.id}
      props={props}
    />
  ));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={6}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * Edit mode's bookmarks pane (spec 002 §4: "Edit mode shows the bookmarks pane"): every bookmark
 * of the report in view beside the page, the active one marked; a name applies it, the menu
 * beside one of the user's own holds what the toolbar's menu offers, reachable by a click or a tap.
 */
export function BookmarksPane(props: BookmarksPaneProps) {
  const { list, active } = props;
  const navigation = list?.navigation_bookmarks ?? [];
  const demo = list?.demo_bookmarks ?? [];
  const mine = list?.bookmarks ?? [];
  return (
    <Paper
      component="aside"
      aria-label={text.pane}
      withBorder
      radius="lg"
      shadow="xs"
      className={classes.pane}
    >
      <Stack gap={4} px="md" py="sm" className={classes.header}>
        <Title order={2} size="h5">
          {text.bookmarks}
        </Title>
        <Text size="xs" c="dimmed" truncate="end">
          {active === null ? text.noBookmarkSelected : text.active(active.displayName)}
        </Text>
      </Stack>
      <ScrollArea.Autosize
        mah="100%"
        type="auto"
        // A region that scrolls is reachable from the keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
        viewportProps={{ tabIndex: 0 }}
      >
        <Stack gap="sm" p="xs">
          {navigation.length > 0 && (
            <Section title={text.navigation}>
              <Tree nodes={navigation} depth={0} props={props} />
            </Section>
          )}
          {demo.length > 0 && (
            <Section title={text.demoBookmarks}>
              <Rows bookmarks={demo} source="demo" props={props} />
            </Section>
          )}
          <Section title={text.myBookmarks}>
            {mine.length === 0 ? (
              <Text size="sm" c="dimmed" px={6}>
                {text.noBookmarks}
              </Text>
            ) : (
              <Rows bookmarks={mine} source="own" props={props} />
            )}
          </Section>
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
