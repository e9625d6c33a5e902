import type { Organization, User } from '@maya/contracts';
import { operations } from '@maya/contracts';
import { AppShell } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { SubscriptionBanner } from '../../features/billing';
import { OrganizationPickerOnDemand } from '../../features/organizations';
import { preloadNotifications } from '../../shared/ui/NotificationsOnDemand';
import { PrefetchWhenIdle } from '../../shared/ui/PrefetchWhenIdle';
import { preloadTooltip } from '../../shared/ui/TooltipOnDemand';
import { AccountMenuOnDemand } from './AccountMenu';
import classes from './ShellLayout.module.css';
import { sidebarSections } from './navigation';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebarCollapsed } from './useSidebarCollapsed';

type ShellLayoutProps = {
  user: User;
  organizations: Organization[];
  organization: Organization;
  children: ReactNode;
};

const BREAKPOINT_PX = operations.mobileBreakpointPx;
const SIDEBAR_WIDTH = 264;
const RAIL_WIDTH = 76;

/** What the shell draws in a plain form first: its menus, tooltips and toasts. */
const SHELL_PREFETCH = [
  AccountMenuOnDemand.preload,
  OrganizationPickerOnDemand.preload,
  preloadTooltip,
  preloadNotifications,
];

/**
 * Top bar, sidebar and content (spec 002 §2). Below 767 px the sidebar collapses into an overlay
 * opened by the toggle; on wider screens the toggle collapses it to an icon rail, and that choice
 * is remembered.
 */
export function ShellLayout({ user, organizations, organization, children }: ShellLayoutProps) {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINT_PX - 0.02}px)`) ?? false;
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const sections = useMemo(() => sidebarSections(organization, user), [organization, user]);
  const compact = collapsed && !narrow;

  const toggle = () => (narrow ? setOverlayOpen((open) => !open) : setCollapsed(!collapsed));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: compact ? RAIL_WIDTH : SIDEBAR_WIDTH,
        breakpoint: BREAKPOINT_PX,
        collapsed: { mobile: !overlayOpen, desktop: false },
      }}
      padding={{ base: 'md', sm: 'xl' }}
      transitionDuration={150}
    >
      <AppShell.Header>
        <TopBar
          user={user}
          organizations={organizations}
          organization={organization}
          narrow={narrow}
          sidebarOpen={narrow ? overlayOpen : !collapsed}
          onToggleSidebar={toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main">
        <Sidebar sections={sections} compact={compact} onNavigate={() => setOverlayOpen(false)} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" className={classes.main}>
        <SubscriptionBanner organization={organization} isStaff={user.is_staff} />
        {children}
      </AppShell.Main>
      <PrefetchWhenIdle preloads={SHELL_PREFETCH} />
    </AppShell>
  );
}
