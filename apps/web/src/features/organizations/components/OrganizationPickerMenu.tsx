import type { Organization } from '@maya/contracts';
import { Badge, Box, Group, Menu, ScrollArea, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { setCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { IconCheck, IconPlus } from '../../../shared/ui/icons';
import type { OnDemandMenuProps } from '../../../shared/ui/MenuOnDemand';
import { organizationMessages } from '../messages';
import { CREATE_ORGANIZATION_PATH, organizationPath } from '../navigation';
import { OrganizationAvatar } from './OrganizationAvatar';

type OrganizationPickerMenuProps = OnDemandMenuProps & {
  organizations: readonly Organization[];
  current: Organization | null;
  onPick?: (organization: Organization) => void;
};

/** The picker's menu, loaded on demand by `OrganizationPicker`, which draws its button until then. */
export function OrganizationPickerMenu({
  target,
  defaultOpened,
  organizations,
  current,
  onPick,
}: OrganizationPickerMenuProps) {
  const navigate = useNavigate();
  const pick = (organization: Organization) => {
    if (onPick) {
      onPick(organization);
      return;
    }
    setCurrentOrganizationSlug(organization.slug);
    void navigate(organization.is_demo ? `${organizationPath(organization.slug)}/` : '/');
  };

  return (
    <Menu
      position="bottom-end"
      width={300}
      shadow="lg"
      radius="md"
      withinPortal
      styles={{ itemLabel: { minWidth: 0 } }}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Organizations</Menu.Label>
        <ScrollArea.Autosize mah={320} type="auto" scrollbars="y">
          {organizations.map((organization) => {
            const selected = organization.id === current?.id;
            return (
              <Menu.Item
                key={organization.id}
                onClick={() => pick(organization)}
                leftSection={<OrganizationAvatar name={organization.name} slug={organization.slug} />}
                rightSection={selected ? <IconCheck size={16} color="var(--mantine-color-indigo-6)" /> : null}
                aria-current={selected ? 'true' : undefined}
              >
                <Group gap={6} wrap="nowrap">
                  <Box miw={0} style={{ flex: 1 }}>
                    <Text size="sm" fw={selected ? 600 : 500} truncate="end">
                      {organization.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      @{organization.slug}
                    </Text>
                  </Box>
                  {organization.is_demo && (
                    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                      Demo
                    </Badge>
                  )}
                </Group>
              </Menu.Item>
            );
          })}
        </ScrollArea.Autosize>
        {onPick === undefined && (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to={CREATE_ORGANIZATION_PATH} leftSection={<IconPlus size={18} />}>
              {organizationMessages.addNew}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
