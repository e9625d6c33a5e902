import {
  encodeReportState,
  type Bookmark,
  type BookmarkListResponse,
  type EmbedReport,
  type ReportState,
  type Role,
} from '@maya/contracts';
import { mergeThemeOverrides } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { useMemo, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../shared/api/queryClient';
import { json } from '../../../test/api';
import {
  mockRoutes,
  organizationFixture,
  signIn,
  USER_ID,
  userFixture,
  type RouteHandler,
} from '../../../test/organizationFixtures';
import { CurrentOrganizationProvider } from '../../organizations';
import { ReportViewContext, type ReportView, type RouteBookmark } from '../../../shared/report-view';
import { preloadBookmarksMenu } from '../components/BookmarkToolbar';

export const ORG_ID = '00000000-0000-4000-8000-00000000a000';
export const OTHER_ID = '11111111-1111-4111-8111-111111111111';
export const BASE = '/organization/acme/dashboard/-maya';

export const stateOn = (page: string): ReportState => ({
  version: 1,
  page,
  filters: [],
  slicers: [],
  sort: [],
});

let counter = 0;
/** A bookmark as the API answers it; `id` and `slug` follow the name unless given. */
export function bookmarkFixture(overrides: Partial<Bookmark> & { name: string }): Bookmark {
  counter += 1;
  const slug = overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    displayName: overrides.name,
    slug,
    report_slug: '-maya',
    state: encodeReportState(stateOn(slug)),
    children: [],
    order: counter,
    is_category: false,
    is_navigation: false,
    show_demo: false,
    is_active: true,
    is_default: false,
    is_private: false,
    visible_to_all: true,
    visible_to: [USER_ID],
    created_at: '2026-01-02T03:04:05.000Z',
    created_by_id: USER_ID,
    can_edit: true,
    ...overrides,
  };
}

export const emptyList: BookmarkListResponse = {
  bookmarks: [],
  navigation_bookmarks: [],
  demo_bookmarks: [],
};

function reportFixture(role: Role, demo: boolean): EmbedReport {
  return {
    id: 'maya',
    slug: '-maya',
    name: '-maya',
    embed_url: '',
    access_token: null,
    access_level: role === 'member' ? 'View' : 'Edit',
    permission_level: role,
    demo,
    is_custom: false,
    dataset_id: 'marketing',
  };
}

export type HarnessOptions = {
  list?: BookmarkListResponse | (() => Response | Promise<Response>);
  routes?: Record<string, RouteHandler>;
  role?: Role;
  isStaff?: boolean;
  demo?: boolean;
  loaded?: boolean;
  readOnly?: boolean;
  /** The dashboard sits in the demo organization (the shell's current organization). */
  demoOrganization?: boolean;
  /** Edit mode, with the element the dashboard offers for the bookmarks pane. */
  edit?: boolean;
};

/** jsdom lays nothing out: popovers must not think their target is hidden. */
const testTheme = mergeThemeOverrides(theme, {
  components: { Popover: { defaultProps: { hideDetached: false } } },
});

/**
 * A stand-in dashboard: the ReportViewContext the real one provides (its state shown as the
 * page's name), around `children`, on the dashboard routes of spec 002 §2.
 */
export function renderToolbar(entry: string, children: ReactNode, options: HarnessOptions = {}) {
  const { role = 'admin', isStaff = false, demo = false, loaded = true, readOnly = false } = options;
  const organization = organizationFixture({
    slug: 'acme',
    id: ORG_ID,
    is_demo: options.demoOrganization ?? false,
  });
  const applied: ReportState[] = [];
  const reset = vi.fn();

  function Dashboard({ routeBookmark }: { routeBookmark: RouteBookmark | null }) {
    const { reportSlug = '-maya' } = useParams();
    const [state, setState] = useState<ReportState>(stateOn('overview'));
    const [paneSlot, setPaneSlot] = useState<HTMLElement | null>(null);
    const view = useMemo<ReportView>(
      () => ({
        organizationId: ORG_ID,
        organizationSlug: 'acme',
        reportSlug,
        report: reportFixture(role, demo),
        document: null,
        state: loaded ? state : null,
        loaded,
        mode: options.edit === true ? 'edit' : 'view',
        readOnly,
        routeBookmark,
        bookmarksPane: paneSlot,
        applyState: (next) => {
          applied.push(next);
          setState(next);
        },
        reset: () => {
          reset();
          setState(stateOn('overview'));
        },
      }),
      [reportSlug, state, routeBookmark, paneSlot],
    );
    return (
      <CurrentOrganizationProvider organization={organization}>
        <ReportViewContext value={view}>
          <div data-testid="page">{state.page}</div>
          {children}
          {options.edit === true && <div ref={setPaneSlot} />}
        </ReportViewContext>
      </CurrentOrganizationProvider>
    );
  }
  function BookmarkRoute({ kind }: { kind: 'bookmark' | 'navigation' }) {
    const { slug = '' } = useParams();
    return <Dashboard routeBookmark={{ kind, slug }} />;
  }

  const router = createMemoryRouter(
    [
      {
        path: '/organization/:organizationSlug/dashboard/:reportSlug',
        element: <Dashboard routeBookmark={null} />,
      },
      {
        path: '/organization/:organizationSlug/dashboard/:reportSlug/-demo',
        element: <Dashboard routeBookmark={{ kind: 'demo' }} />,
      },
      {
        path: '/organization/:organizationSlug/dashboard/:reportSlug/bookmarks/:slug',
        element: <BookmarkRoute kind="bookmark" />,
      },
      {
        path: '/organization/:organizationSlug/dashboard/:reportSlug/:slug',
        element: <BookmarkRoute kind="navigation" />,
      },
    ],
    { initialEntries: [entry] },
  );

  signIn();
  const list = options.list ?? emptyList;
  const calls = mockRoutes({
    'GET /api/user': () => json(200, userFixture({ is_staff: isStaff })),
    'GET /api/bookmarks': () => (typeof list === 'function' ? list() : json(200, list)),
    ...options.routes,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const result = render(
    <AppProviders queryClient={queryClient} theme={testTheme}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, calls, applied, reset };
}

/**
 * Opens the Bookmarks menu and answers it. Its code is fetched first (inside `act`, so the page
 * draws the menu's own button at once): the click then meets the button the page keeps, not the
 * stand-in an idle prefetch may replace at any moment. The stand-in's path has its own tests
 * (`MenuOnDemand.test.tsx`).
 */
export async function openBookmarksMenu(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await act(async () => {
    await preloadBookmarksMenu();
  });
  await user.click(await screen.findByRole('button', { name: 'Bookmarks' }));
  return screen.findByRole('menu');
}
