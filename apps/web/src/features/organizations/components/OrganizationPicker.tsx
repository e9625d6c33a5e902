import type { Organization } from '@maya/contracts';
import { Badge, Box, Group, Menu, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { setCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { IconCheck, IconPlus, IconSelector } from '../../../shared/ui/icons';
import { organizationMessages } from '../messages';
import { CREATE_ORGANIZATION_PATH, organizationPath } from '../navigation';
import { OrganizationAvatar } from './OrganizationAvatar';

type OrganizationPickerProps = {
  organizations: readonly Organization[];
  current: Organization | null;
  /** Replaces the default behaviour; 'Add new organization' is then hidden (spec 002 §2). */
  onPick?: (organization: Organization) => void;
  /** Only the avatar and the chevron, for narrow screens. */
  compact?: boolean;
};

/**
 * The organization picker of the top bar (spec 002 §2). Picking stores the current organization;
 * a demo organization opens at once, any other through the landing redirect of `/`.
 */
export function OrganizationPicker({
  organizations,
  current,
  onPick,
  compact = false,
}: OrganizationPickerProps) {
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
    >
      <Menu.Target>
        <UnstyledButton
          aria-label={`Organization: ${current?.name ?? 'none'}. Switch organization`}
          px={compact ? 6 : 10}
          py={6}
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-gray-3)',
            background: 'var(--mantine-color-white)',
          }}
        >
          <Group gap={8} wrap="nowrap">
            {current !== null && <OrganizationAvatar name={current.name} slug={current.slug} size={26} />}
            {!compact && (
              <Text size="sm" fw={600} c="dark.7" truncate="end" maw={180}>
                {current?.name ?? 'Select organization'}
              </Text>
            )}
            <IconSelector size={16} color="var(--mantine-color-gray-6)" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
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
