import type { Role } from '@maya/contracts';
import { Avatar, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMembers, type Member } from '../../../organizations';
import { memberInitials, memberName } from '../../format';
import { settingsMessages } from '../../messages';
import { LoadError } from './LoadError';
import { SettingsCard } from '../../../../shared/ui/SettingsCard';

const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const ROLE_COLORS: Record<Role, string> = { owner: 'violet', admin: 'indigo', member: 'gray' };

function MemberRow({ member, isYou }: { member: Member; isYou: boolean }) {
  const name = memberName(member);
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Avatar color="indigo" radius="xl" size={36} aria-hidden="true">
        {memberInitials(member)}
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end" title={name}>
          {name}
          {isYou && (
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              (you)
            </Text>
          )}
        </Text>
        {name !== member.email && (
          <Text size="xs" c="dimmed" truncate="end" title={member.email}>
            {member.email}
          </Text>
        )}
      </Stack>
      <Badge variant="light" color={ROLE_COLORS[member.role]} radius="sm" style={{ flexShrink: 0 }}>
        {ROLE_LABELS[member.role]}
      </Badge>
    </Group>
  );
}

/** The organization's members (spec 002 §2 "lists members (shown as Member)"), each with a role badge. */
export function MemberList({ organizationId, userId }: { organizationId: string; userId: string | null }) {
  const members = useMembers(organizationId);
  return (
    <SettingsCard title="Members" count={members.data?.length ?? null}>
      {members.isPending && (
        <Stack gap="sm" aria-label="Loading members">
          <Skeleton height={36} radius="md" />
          <Skeleton height={36} radius="md" />
        </Stack>
      )}
      {members.isError && (
        <LoadError
          title={settingsMessages.membersLoadFailed}
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
      {members.isSuccess && (
        <Stack component="ul" gap={0} m={0} p={0} aria-label="Members" style={{ listStyle: 'none' }}>
          {members.data.map((member) => (
            <MemberRow key={member.id} member={member} isYou={member.id === userId} />
          ))}
        </Stack>
      )}
    </SettingsCard>
  );
}
