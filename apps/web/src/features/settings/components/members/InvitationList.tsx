import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatDate } from '../../../../shared/lib/dates';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { IconAlert, IconMail, IconTrash } from '../../../../shared/ui/icons';
import type { Invite } from '../../api/invitations';
import { useDeleteInvitation } from '../../hooks/useDeleteInvitation';
import { useInvitations } from '../../hooks/useInvitations';
import { confirmDeleteMessage, settingsMessages } from '../../messages';
import { LoadError } from './LoadError';
import { SettingsCard } from '../../../../shared/ui/SettingsCard';

type RowProps = {
  invite: Invite;
  canDelete: boolean;
  deleting: boolean;
  failed: boolean;
  onDelete: () => void;
};

/** A pending invitation; its delete control shows on hover or focus, always on touch screens. */
function InvitationRow({ invite, canDelete, deleting, failed, onDelete }: RowProps) {
  const [active, setActive] = useState(false);
  const touch = useMediaQuery('(hover: none)') ?? false;
  const controlVisible = touch || active || deleting || failed;
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      py="sm"
      px={{ base: 0, sm: 'xs' }}
      onMouseEnter={() => setActive(true)}
      onMouseLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={() => setActive(false)}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', borderRadius: 'var(--mantine-radius-sm)' }}
      bg={active && canDelete ? 'gray.0' : undefined}
    >
      <ThemeIcon variant="light" color="gray" radius="xl" size={36} aria-hidden="true">
        <IconMail size={18} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end" title={invite.email}>
          {invite.email}
        </Text>
        <Text size="xs" c="dimmed">
          Sent {formatDate(invite.created_at)} · Expires {formatDate(invite.expires_at)}
        </Text>
      </Stack>
      <Badge variant="light" color="yellow" radius="sm" style={{ flexShrink: 0 }} visibleFrom="xs">
        Pending
      </Badge>
      {failed && (
        <Tooltip label={settingsMessages.deleteFailed} withArrow>
          <ThemeIcon
            variant="transparent"
            color="red"
            size="sm"
            role="img"
            aria-label={settingsMessages.deleteFailed}
            tabIndex={0}
            style={{ flexShrink: 0 }}
          >
            <IconAlert size={18} />
          </ThemeIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Box w={28} style={{ flexShrink: 0 }}>
          {deleting ? (
            <Loader size={18} aria-label={`Deleting the invitation for ${invite.email}`} />
          ) : (
            <Tooltip label="Delete invitation" withArrow disabled={!controlVisible}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete the invitation for ${invite.email}`}
                onClick={onDelete}
                style={{ opacity: controlVisible ? 1 : 0, transition: 'opacity 120ms ease' }}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Box>
      )}
    </Group>
  );
}

/**
 * The pending invitations (spec 002 §2, §4 Invites), with a confirmed delete for admins.
 * A failed delete leaves an error icon on its row (spec 002 §8).
 */
export function InvitationList({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  const invitations = useInvitations(organizationId);
  const remove = useDeleteInvitation(organizationId);
  const [confirming, setConfirming] = useState<Invite | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());

  const update = (set: ReadonlySet<string>, uuid: string, present: boolean) => {
    const next = new Set(set);
    if (present) next.add(uuid);
    else next.delete(uuid);
    return next;
  };

  const confirmDelete = () => {
    if (confirming === null) return;
    const { uuid } = confirming;
    setConfirming(null);
    setFailed((set) => update(set, uuid, false));
    setDeleting((set) => update(set, uuid, true));
    remove.mutate(uuid, {
      onError: (error) => {
        console.error('Deleting the invitation failed', error);
        setFailed((set) => update(set, uuid, true));
      },
      onSettled: () => setDeleting((set) => update(set, uuid, false)),
    });
  };

  return (
    <SettingsCard title="Pending invitations" count={invitations.data?.length ?? null}>
      {invitations.isPending && (
        <Stack gap="sm" aria-label="Loading invitations">
          <Skeleton height={36} radius="md" />
        </Stack>
      )}
      {invitations.isError && (
        <LoadError
          title={settingsMessages.invitationsLoadFailed}
          error={invitations.error}
          onRetry={() => void invitations.refetch()}
        />
      )}
      {invitations.isSuccess && invitations.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {settingsMessages.noInvitations}
        </Text>
      )}
      {invitations.isSuccess && invitations.data.length > 0 && (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          aria-label="Pending invitations"
          style={{ listStyle: 'none' }}
        >
          {invitations.data.map((invite) => (
            <InvitationRow
              key={invite.uuid}
              invite={invite}
              canDelete={canManage}
              deleting={deleting.has(invite.uuid)}
              failed={failed.has(invite.uuid)}
              onDelete={() => setConfirming(invite)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={settingsMessages.confirmDeleteTitle}
        message={confirming === null ? undefined : confirmDeleteMessage(confirming.email)}
        confirmLabel={settingsMessages.confirmDeleteLabel}
        confirmColor="red"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </SettingsCard>
  );
}
