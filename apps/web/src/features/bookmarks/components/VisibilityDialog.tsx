import type { Bookmark } from '@maya/contracts';
import { Alert, Button, Divider, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useMembers, type Member } from '../../organizations';
import { useUpdateBookmark } from '../hooks/useUpdateBookmark';
import { bookmarkErrorMessage, bookmarkMessages as text } from '../messages';
import { showToast } from '../../../shared/ui/toast';

export type VisibilityDialogProps = {
  bookmark: Bookmark;
  organizationId: string;
  /** Staff, owners and admins see and edit every member's row (spec 002 §5). */
  manager: boolean;
  /** A visitor of a demo organization: their bookmarks stay private. */
  privateForced: boolean;
  currentUser: { id: string; name: string; email: string };
  onClose: () => void;
};

type Row = { id: string; name: string; email: string };

const memberRow = (member: Member): Row => ({
  id: member.id,
  name: `${member.first_name} ${member.last_name}`.trim() || member.email,
  email: member.email,
});

/**
 * Who sees a bookmark (spec 002 §5, §6): private (its creator only), or all members (the switch),
 * or the members switched on; the creator always counts as visible. Managers see every member's
 * row; anyone else only their own.
 */
export function VisibilityDialog(props: VisibilityDialogProps) {
  const { bookmark, organizationId, manager, privateForced, currentUser, onClose } = props;
  const update = useUpdateBookmark();
  const [isPrivate, setIsPrivate] = useState(bookmark.is_private || privateForced);
  const [visibleToAll, setVisibleToAll] = useState(bookmark.visible_to_all);
  const [chosen, setChosen] = useState(
    () => new Set(bookmark.visible_to.filter((id) => id !== bookmark.created_by_id)),
  );

  const save = () => {
    update.mutate(
      {
        organizationId,
        reportSlug: bookmark.report_slug,
        id: bookmark.id,
        change: {
          is_private: isPrivate,
          visible_to_all: visibleToAll,
          ...(manager ? { visible_to: [...chosen] } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          showToast('success', text.saved(saved.name));
          onClose();
        },
        onError: (cause) => showToast('error', bookmarkErrorMessage(cause, 'update')),
      },
    );
  };

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const rowSwitch = (row: Row) => {
    const isCreator = row.id === bookmark.created_by_id;
    const label = [
      row.name,
      row.id === currentUser.id ? `(${text.you})` : null,
      isCreator ? `(${text.creator})` : null,
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <Switch
        key={row.id}
        label={label}
        description={row.email}
        checked={isCreator || (!isPrivate && (visibleToAll || chosen.has(row.id)))}
        disabled={isCreator || isPrivate || visibleToAll || !manager}
        onChange={(event) => toggle(row.id, event.currentTarget.checked)}
      />
    );
  };

  return (
    <Modal opened onClose={onClose} title={text.visibilityTitle} centered radius="lg" size="md">
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {bookmark.name}
        </Text>
        <Switch
          label={text.private}
          description={privateForced ? text.demoPrivateHint : text.privateHint}
          checked={isPrivate}
          disabled={privateForced}
          onChange={(event) => setIsPrivate(event.currentTarget.checked)}
        />
        <Switch
          label={text.visibleToAll}
          description={text.visibleToAllHint}
          checked={visibleToAll && !isPrivate}
          disabled={isPrivate}
          onChange={(event) => setVisibleToAll(event.currentTarget.checked)}
        />
        <Divider label={text.members} labelPosition="left" />
        <Stack gap="sm" role="group" aria-label={text.members} mah={320} style={{ overflowY: 'auto' }}>
          {manager ? (
            <MemberRows organizationId={organizationId} render={rowSwitch} />
          ) : (
            rowSwitch(currentUser)
          )}
        </Stack>
        {!manager && (
          <Text size="xs" c="dimmed">
            {text.ownRowHint}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Every member's row, for managers only (the others never load the members list). */
function MemberRows({
  organizationId,
  render,
}: {
  organizationId: string;
  render: (row: Row) => React.ReactNode;
}) {
  const members = useMembers(organizationId);
  if (members.isPending) return <Loader size="sm" aria-label={text.members} />;
  if (members.isError) {
    return (
      <Alert color="red" variant="light">
        {text.membersLoadFailed}
      </Alert>
    );
  }
  return <>{members.data.map((member) => render(memberRow(member)))}</>;
}
