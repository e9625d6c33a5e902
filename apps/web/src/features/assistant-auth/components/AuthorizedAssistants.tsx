import { Badge, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDate } from '../../../shared/lib/dates';
import { IconDatabase } from '../../../shared/ui/icons';
import { RevocableList, type RevocableRow } from '../../../shared/ui/RevocableList';
import type { AssistantAuthorization } from '../api/authorizations';
import { useAuthorizations, useRevokeAuthorization } from '../hooks/useAuthorizations';
import { authorizedAssistantsMessages as text } from '../messages';

const assistantRow = (item: AssistantAuthorization): RevocableRow => ({
  name: item.client_name,
  leading: (
    <ThemeIcon size={32} radius="md" variant="light" color="teal" aria-hidden>
      <IconDatabase size={18} />
    </ThemeIcon>
  ),
  badges: (
    <Badge size="xs" variant="light" color="indigo">
      {item.dataset_name}
    </Badge>
  ),
  details: [
    text.authorizedBy(item.user_email ?? 'a former member', formatDate(item.created_at)),
    item.last_used_at === null ? text.neverUsed : text.lastUsed(formatDate(item.last_used_at)),
  ],
});

const listText = {
  label: text.title,
  empty: text.empty,
  loadFailed: text.loadFailed,
  revoke: text.revoke,
  revokeTitle: text.revokeTitle,
  revokeMessage: text.revokeMessage,
  revokeFailed: text.revokeFailed,
};

/**
 * The AI assistants authorized for the organization through the MCP server, each with Revoke
 * (confirmed): the developers page of Settings mounts it. Owners and admins see everyone's.
 */
export function AuthorizedAssistants({ organizationId }: { organizationId: string }) {
  const list = useAuthorizations(organizationId);
  const revoke = useRevokeAuthorization(organizationId);
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
      <RevocableList list={list} revoke={revoke} row={assistantRow} text={listText} />
    </Stack>
  );
}
