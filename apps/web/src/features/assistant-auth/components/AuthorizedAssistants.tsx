import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../../shared/lib/dates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { IconDatabase } from '../../../shared/ui/icons';
import type { AssistantAuthorization } from '../api/authorizations';
import { useAuthorizations, useRevokeAuthorization } from '../hooks/useAuthorizations';
import { authorizedAssistantsMessages as text } from '../messages';

function AssistantRow({ item, onRevoke }: { item: AssistantAuthorization; onRevoke: () => void }) {
  const details = [
    text.authorizedBy(item.user_email ?? 'a former member', formatDate(item.created_at)),
    item.last_used_at === null ? text.neverUsed : text.lastUsed(formatDate(item.last_used_at)),
  ];
  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs" aria-label={item.client_name}>
      <Group justify="flex-end" align="center" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
          <ThemeIcon size={32} radius="md" variant="light" color="teal" aria-hidden>
            <IconDatabase size={18} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} c="dark.6" style={{ overflowWrap: 'anywhere' }}>
                {item.client_name}
              </Text>
              <Badge size="xs" variant="light" color="indigo">
                {item.dataset_name}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
          </Stack>
        </Group>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`${text.revoke}: ${item.client_name}`}
          onClick={onRevoke}
        >
          {text.revoke}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The AI assistants authorized for the organization through the MCP server, each with Revoke
 * (confirmed): the developers page of Settings mounts it. Owners and admins see everyone's.
 */
export function AuthorizedAssistants({ organizationId }: { organizationId: string }) {
  const list = useAuthorizations(organizationId);
  const revoke = useRevokeAuthorization(organizationId);
  const [revoking, setRevoking] = useState<AssistantAuthorization | null>(null);

  const body = () => {
    if (list.isPending) return <Loader size="sm" aria-label={text.title} />;
    if (list.isError)
      return (
        <Alert color="red" variant="light" role="alert">
          {text.loadFailed}
        </Alert>
      );
    if (list.data.length === 0)
      return (
        <Text size="sm" c="dimmed">
          {text.empty}
        </Text>
      );
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={text.title}>
        {list.data.map((item) => (
          <AssistantRow
            key={item.id}
            item={item}
            onRevoke={() => {
              revoke.reset();
              setRevoking(item);
            }}
          />
        ))}
      </Stack>
    );
  };

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {text.title}
        </Title>
        <Text size="sm" c="dimmed">
          {text.description}
        </Text>
      </Stack>
      {revoke.isError && (
        <Alert color="red" variant="light" role="alert">
          {text.revokeFailed}
        </Alert>
      )}
      {body()}
      <ConfirmDialog
        opened={revoking !== null}
        title={text.revokeTitle}
        message={text.revokeMessage}
        confirmLabel={text.revoke}
        confirmColor="red"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking === null) return;
          revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
      />
    </Stack>
  );
}
