import { Group, Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../../../../shared/user';
import { IconShield } from '../../../../shared/ui/icons';
import { useCurrentOrganization } from '../../../organizations';
import { settingsMessages } from '../../messages';
import { CurrencyCard } from '../organization/CurrencyCard';
import { InvitationList } from './InvitationList';
import { InviteForm } from './InviteForm';
import { MemberList } from './MemberList';
import { SettingsCard } from '../../../../shared/ui/SettingsCard';

/**
 * The Members tab (spec 002 §2): invite by e-mail, the members, the pending invitations, and the
 * organization's currency (the first tab holds the organization's own settings: decision 184).
 * Admins and owners invite, delete invitations and change the currency; members only read.
 */
export function MembersTab() {
  const organization = useCurrentOrganization();
  const user = useCurrentUser();
  if (organization === null) return null;
  const canManage = organization.role !== 'member';

  return (
    <Stack gap="lg" maw={760}>
      <SettingsCard
        title="Invite people"
        description={`They receive an e-mail with a link to join ${organization.name}.`}
      >
        {canManage ? (
          <InviteForm organizationId={organization.id} organizationSlug={organization.slug} />
        ) : (
          <Group gap="xs" wrap="nowrap" c="dimmed">
            <IconShield size={18} />
            <Text size="sm">{settingsMessages.readOnlyNote}</Text>
          </Group>
        )}
      </SettingsCard>
      <MemberList organizationId={organization.id} userId={user.data?.id ?? null} />
      <InvitationList organizationId={organization.id} canManage={canManage} />
      <CurrencyCard organization={organization} />
    </Stack>
  );
}
