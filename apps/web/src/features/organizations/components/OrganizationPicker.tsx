import type { Organization } from '@maya/contracts';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconSelector } from '../../../shared/ui/icons';
import { menuOnDemand } from '../../../shared/ui/MenuOnDemand';
import { OrganizationAvatar } from './OrganizationAvatar';

type OrganizationPickerProps = {
  organizations: readonly Organization[];
  current: Organization | null;
  /** Replaces the default behaviour; 'Add new organization' is then hidden (spec 002 §2). */
  onPick?: (organization: Organization) => void;
  /** Only the avatar and the chevron, for narrow screens. */
  compact?: boolean;
};

export const OrganizationPickerOnDemand = menuOnDemand(() =>
  import('./OrganizationPickerMenu').then((m) => m.OrganizationPickerMenu),
);

/**
 * The organization picker of the top bar (spec 002 §2). Picking stores the current organization;
 * a demo organization opens at once, any other through the landing redirect of `/`. Its button
 * is drawn at once; the menu's code loads on demand (`menuOnDemand`).
 */
export function OrganizationPicker({
  organizations,
  current,
  onPick,
  compact = false,
}: OrganizationPickerProps) {
  return (
    <OrganizationPickerOnDemand
      organizations={organizations}
      current={current}
      onPick={onPick}
      target={
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
      }
    />
  );
}
