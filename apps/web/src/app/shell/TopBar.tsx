import type { Organization, User } from '@maya/contracts';
import { ActionIcon, Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/notifications';
import { OrganizationPicker } from '../../features/organizations';
import { IconMenu, IconSidebar, IconX } from '../../shared/ui/icons';
import { Logo } from '../../shared/ui/Logo';
import { AccountMenu } from './AccountMenu';
import { shellMessages as messages } from './messages';

type TopBarProps = {
  user: User;
  organizations: Organization[];
  organization: Organization;
  narrow: boolean;
  /** Whether the sidebar shows: the overlay on narrow screens, the full width on wide ones. */
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
};

/**
 * The top bar (spec 002 §2): collapse toggle, logo to `/`, the bell for staff users, the account
 * menu and the organization picker. The report toolbar joins it with the dashboards.
 */
export function TopBar({
  user,
  organizations,
  organization,
  narrow,
  sidebarOpen,
  onToggleSidebar,
}: TopBarProps) {
  const ToggleIcon = narrow ? (sidebarOpen ? IconX : IconMenu) : IconSidebar;
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={narrow ? 4 : 'sm'} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          aria-label={messages.toggleSidebar}
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
        >
          <ToggleIcon size={20} />
        </ActionIcon>
        <Anchor
          component={Link}
          to="/"
          aria-label={messages.home}
          underline="never"
          style={{ display: 'flex' }}
        >
          <Logo size="sm" />
        </Anchor>
      </Group>
      <Group gap={narrow ? 6 : 'sm'} wrap="nowrap">
        <OrganizationPicker organizations={organizations} current={organization} compact={narrow} />
        {user.is_staff && <NotificationBell key={organization.id} organization={organization} />}
        <AccountMenu user={user} organizationSlug={organization.slug} />
      </Group>
    </Group>
  );
}
