import { decodeReportState, encodeReportState, type Bookmark, unreachable } from '@maya/contracts';
import { ActionIcon, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../shared/user';
import { IconChevronDown, IconX } from '../../../shared/ui/icons';
import { menuOnDemand } from '../../../shared/ui/MenuOnDemand';
import { DialogFallback, InlineFallback } from '../../../shared/ui/OnDemandFallback';
import { PrefetchWhenIdle } from '../../../shared/ui/PrefetchWhenIdle';
import { TooltipOnDemand } from '../../../shared/ui/TooltipOnDemand';
import { onDemand, preloadOnIntent } from '../../../shared/ui/onDemand';
import { useCurrentOrganization } from '../../organizations';
import { useNarrowScreen } from '../../../shared/hooks/useNarrowScreen';
import { isReloadState, ToolbarButton, useReloadReport, useReportView } from '../../../shared/report-view';
import { useBookmarks } from '../hooks/useBookmarks';
import { useRouteBookmark } from '../hooks/useRouteBookmark';
import { useUpdateBookmark } from '../hooks/useUpdateBookmark';
import { bookmarkErrorMessage, bookmarkLoadMessage, bookmarkMessages as text } from '../messages';
import { bookmarkPath, findById, managesBookmarks, ownBookmarks, type BookmarkSource } from '../model/tree';
import { showToast } from '../../../shared/ui/toast';
import type { OpenDialog } from './BookmarkDialogs';
import type { BookmarkMenuAction } from './BookmarksMenu';
import { IconBookmark, IconBookmarkPlus } from './icons';

// The dialogs load when they open (or on the way there: hovering their button, opening the menu).
const CaptureDialog = onDemand(
  () => import('./CaptureDialog').then((m) => m.CaptureDialog),
  <DialogFallback />,
);
const BookmarkDialogs = onDemand(
  () => import('./BookmarkDialogs').then((m) => m.BookmarkDialogs),
  <DialogFallback />,
);
// Edit mode's pane: its code comes when edit mode opens.
const BookmarksPane = onDemand(
  () => import('./BookmarksPane').then((m) => m.BookmarksPane),
  <InlineFallback />,
);
const BookmarksMenuOnDemand = menuOnDemand(() => import('./BookmarksMenu').then((m) => m.BookmarksMenu));
const BOOKMARKS_PREFETCH = [BookmarksMenuOnDemand.preload];
/** Fetches the Bookmarks menu's code (tests open the menu once it is here). */
export const preloadBookmarksMenu = BookmarksMenuOnDemand.preload;

type Active = { id: string; source: BookmarkSource };

/**
 * The bookmarks of the open report (spec 002 §2 top bar and Bookmark menu, §4): the active
 * bookmark's name with '(Demo)' for demo ones, the save-bookmark button and the bookmarks menu.
 * Mounted by the dashboard inside its ReportViewContext; applies the route's bookmark on load.
 */
export function BookmarkToolbar() {
  const view = useReportView();
  const { organizationId, organizationSlug, reportSlug, report, readOnly } = view;
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser().data;
  const organization = useCurrentOrganization();
  const narrow = useNarrowScreen();
  const bookmarks = useBookmarks(organizationId, reportSlug);
  const reload = useReloadReport();
  const update = useUpdateBookmark();
  const [active, setActive] = useState<Active | null>(null);
  const [menuOpened, setMenuOpened] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const list = bookmarks.data;
  const isStaff = user?.is_staff ?? false;
  const manager = managesBookmarks(report?.permission_level ?? null, isStaff);
  const privateForced = (report?.demo ?? false) && !isStaff;
  const marksDemo = isStaff && (organization?.is_demo ?? false);
  const activeBookmark = useMemo(
    () => (active === null || list === undefined ? null : findById(list, active.id, active.source)),
    [active, list],
  );

  // A reload (here or from the dashboard's Reset) clears the active bookmark.
  const reloadedAt = isReloadState(location.state) ? location.key : null;
  const [seenReload, setSeenReload] = useState(reloadedAt);
  if (reloadedAt !== seenReload) {
    setSeenReload(reloadedAt);
    if (reloadedAt !== null) setActive(null);
  }

  // The load failure, once per failure (spec 002 §8 Load bookmarks).
  const loadError = bookmarks.isError ? bookmarkLoadMessage(bookmarks.error) : null;
  useEffect(() => {
    if (loadError !== null) showToast('error', loadError);
  }, [loadError]);

  const applyHere = useCallback(
    (bookmark: Bookmark, source: BookmarkSource) => {
      if (!view.loaded) {
        showToast('error', text.applyNotLoaded);
        return;
      }
      try {
        view.applyState(decodeReportState(bookmark.state ?? ''));
      } catch {
        showToast('error', text.unableToApply);
        return;
      }
      setActive({ id: bookmark.id, source });
    },
    [view],
  );
  const markActive = useCallback(
    (bookmark: Bookmark, source: BookmarkSource) => setActive({ id: bookmark.id, source }),
    [],
  );
  const openMenu = useCallback(() => setMenuOpened(true), []);
  useRouteBookmark({
    view,
    // The cached copy may be stale: a route's bookmark is resolved against the server's answer.
    list: bookmarks.isPlaceholderData ? undefined : list,
    failed: bookmarks.isError,
    apply: applyHere,
    markActive,
    openMenu,
  });

  /** A menu click: the bookmark's own route applies it (a demo bookmark, or an embedded view, in place). */
  const apply = (bookmark: Bookmark, source: BookmarkSource) => {
    if (!view.loaded) {
      showToast('error', text.applyNotLoaded);
      return;
    }
    const path = bookmarkPath(organizationSlug, reportSlug, bookmark);
    if (source === 'demo' || readOnly || location.pathname === path) applyHere(bookmark, source);
    else void navigate(path);
  };

  const capture = (): string | null =>
    view.loaded && view.state !== null ? encodeReportState(view.state) : null;

  /** A switch of the menu (default, demo mark): saved at once, 'Saved {name} successfully'. */
  const toggle = (bookmark: Bookmark, change: { is_default: boolean } | { show_demo: boolean }) =>
    update.mutate(
      { organizationId, reportSlug, id: bookmark.id, change },
      {
        onSuccess: (saved) => showToast('success', text.saved(saved.name)),
        onError: (cause) => showToast('error', bookmarkErrorMessage(cause, 'update')),
      },
    );

  const onAction = (action: BookmarkMenuAction, bookmark: Bookmark) => {
    setMenuOpened(false);
    switch (action) {
      case 'default':
        toggle(bookmark, { is_default: !bookmark.is_default });
        return;
      case 'demo':
        toggle(bookmark, { show_demo: !bookmark.show_demo });
        return;
      case 'copy': {
        const url = new URL(bookmarkPath(organizationSlug, reportSlug, bookmark), window.location.origin);
        navigator.clipboard.writeText(url.href).then(
          () => showToast('success', text.copied(bookmark.name)),
          () => showToast('error', text.copyFailed),
        );
        return;
      }
      case 'refresh':
      case 'rename':
      case 'visibility':
      case 'delete':
        setDialog({ action, bookmark });
        return;
      default: {
        return unreachable(action);
      }
    }
  };

  const startCapture = () => {
    if (!view.loaded || view.state === null) {
      showToast('error', text.captureNotLoaded);
      return;
    }
    setCapturing(true);
  };

  const isDemo = activeBookmark !== null && (active?.source === 'demo' || activeBookmark.show_demo);
  const currentUser = {
    id: user?.id ?? '',
    name: user ? `${user.profile.first_name} ${user.profile.last_name}`.trim() || user.email : '',
    email: user?.email ?? '',
  };

  return (
    <Group gap="xs" wrap={narrow ? 'nowrap' : 'wrap'} miw={0} aria-label={text.bookmarks} role="group">
      {activeBookmark !== null && (
        <Group gap={4} wrap="nowrap" maw={narrow ? 110 : 260} miw={0} data-testid="active-bookmark">
          <Text size="sm" fw={600} truncate="end" title={activeBookmark.displayName}>
            {activeBookmark.displayName}
          </Text>
          {isDemo && (
            <Text size="sm" c="grape.7" fw={600} style={{ flexShrink: 0 }}>
              {text.demoTag}
            </Text>
          )}
          <TooltipOnDemand label={text.clearActive} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={text.clearActive}
              onClick={reload}
            >
              <IconX size={14} />
            </ActionIcon>
          </TooltipOnDemand>
        </Group>
      )}
      {!readOnly && (
        <ToolbarButton
          label={text.saveBookmark}
          icon={<IconBookmarkPlus size={16} />}
          onClick={startCapture}
          {...preloadOnIntent(CaptureDialog)}
        />
      )}
      <BookmarksMenuOnDemand
        target={
          <ToolbarButton
            label={text.bookmarks}
            icon={<IconBookmark size={16} />}
            rightSection={<IconChevronDown size={14} />}
          />
        }
        onStandInClick={openMenu}
        list={list}
        loading={bookmarks.isPending}
        error={loadError}
        opened={menuOpened}
        onOpenedChange={(opened) => {
          // Its actions open dialogs: their code comes while the user picks one.
          if (opened) BookmarkDialogs.preload().catch(() => {});
          setMenuOpened(opened);
        }}
        active={activeBookmark}
        readOnly={readOnly}
        marksDemo={marksDemo}
        onApply={apply}
        onAction={onAction}
      />
      {capturing && (
        <CaptureDialog
          opened
          onClose={() => setCapturing(false)}
          organizationId={organizationId}
          reportSlug={reportSlug}
          existing={list === undefined ? [] : ownBookmarks(list)}
          privateForced={privateForced}
          capture={capture}
          onSaved={(saved) => {
            setActive({ id: saved.id, source: 'own' });
            // The saved bookmark's route, keeping the view in the address (it is the bookmark's).
            void navigate(
              { pathname: bookmarkPath(organizationSlug, reportSlug, saved), search: location.search },
              { replace: true },
            );
          }}
        />
      )}
      {dialog !== null && (
        <BookmarkDialogs
          dialog={dialog}
          onClose={() => setDialog(null)}
          organizationId={organizationId}
          others={list === undefined ? [] : ownBookmarks(list)}
          manager={manager}
          privateForced={privateForced}
          currentUser={currentUser}
          capture={capture}
          isActive={active?.id === dialog.bookmark.id}
          onDeletedActive={reload}
          onRenamedActive={(renamed) => {
            if (location.pathname === bookmarkPath(organizationSlug, reportSlug, dialog.bookmark)) {
              void navigate(
                { pathname: bookmarkPath(organizationSlug, reportSlug, renamed), search: location.search },
                { replace: true },
              );
            }
          }}
        />
      )}
      {view.bookmarksPane &&
        createPortal(
          <BookmarksPane
            list={list}
            active={activeBookmark}
            readOnly={readOnly}
            marksDemo={marksDemo}
            onApply={apply}
            onAction={onAction}
          />,
          view.bookmarksPane,
        )}
      <PrefetchWhenIdle preloads={BOOKMARKS_PREFETCH} />
    </Group>
  );
}
