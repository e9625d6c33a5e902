import type { User } from '@maya/contracts';
import { Box, Menu, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { organizationPath } from '../../features/organizations';
import { useSignOut } from '../../shared/auth/useSignOut';
import {
  IconBook,
  IconExternal,
  IconFileText,
  IconLogout,
  IconShield,
  IconUser,
} from '../../shared/ui/icons';
import type { OnDemandMenuProps } from '../../shared/ui/MenuOnDemand';
import { shellMessages as messages } from './messages';
import { usePublicConfig } from './usePublicConfig';

function displayName(user: User): string {
  const name = `${user.profile.first_name} ${user.profile.last_name}`.trim();
  return name === '' ? user.email : name;
}

const external = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;

type AccountMenuDropdownProps = OnDemandMenuProps & { user: User; organizationSlug: string };

/** The account menu itself, loaded on demand by `AccountMenu`, which draws its button until then. */
export function AccountMenuDropdown({
  target,
  defaultOpened,
  user,
  organizationSlug,
}: AccountMenuDropdownProps) {
  const config = usePublicConfig();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  const externalIcon = <IconExternal size={14} color="var(--mantine-color-gray-5)" />;

  return (
    <Menu
      position="bottom-end"
      width={260}
      shadow="lg"
      radius="md"
      withinPortal
      defaultOpened={defaultOpened}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={8}>
          <Text size="sm" fw={600} c="dark.7" truncate="end">
            {displayName(user)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={organizationPath(organizationSlug, 'account-settings/change-password')}
          leftSection={<IconUser size={18} />}
        >
          {messages.account}
        </Menu.Item>
        {config.data !== undefined && (
          <>
            <Menu.Item
              {...external}
              href={config.data.documentationUrl}
              leftSection={<IconBook size={18} />}
              rightSection={externalIcon}
            >
              {messages.documentation}
            </Menu.Item>
            <Menu.Label>{messages.legal}</Menu.Label>
            <Menu.Item
              {...external}
              href={config.data.privacyPolicyUrl}
              leftSection={<IconShield size={18} />}
              rightSection={externalIcon}
            >
              {messages.privacyPolicy}
            </Menu.Item>
            <Menu.Item
              {...external}
              href={config.data.termsOfServiceUrl}
              leftSection={<IconFileText size={18} />}
              rightSection={externalIcon}
            >
              {messages.termsOfService}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} />}
          disabled={leaving}
          closeMenuOnClick={false}
          onClick={() => {
            setLeaving(true);
            void signOut({ to: '/' });
          }}
        >
          {messages.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
