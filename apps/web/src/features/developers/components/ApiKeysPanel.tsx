import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { apiKeyLimits, type ApiKey, type CreatedApiKey } from '@maya/contracts';
import { formatDate } from '../../../shared/lib/dates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SettingsCard } from '../../../shared/ui/SettingsCard';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../hooks/useApiKeys';
import { developersMessages as m, loadErrorMessage } from '../messages';
import { AdminsOnlyNote, SecretOnce } from './SecretOnce';

type Values = { name: string; readWrite: boolean };

function CreateKeyForm({
  organizationId,
  onCreated,
}: {
  organizationId: string;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey(organizationId);
  const form = useForm<Values>({
    initialValues: { name: '', readWrite: false },
    validate: {
      name: (value) =>
        value.trim() === ''
          ? 'Required'
          : value.trim().length > apiKeyLimits.nameMaxLength
            ? 'Name too long'
            : null,
    },
  });
  const submit = form.onSubmit(({ name, readWrite }) =>
    create.mutate(
      { name: name.trim(), read_only: !readWrite },
      {
        onSuccess: (key) => {
          form.reset();
          onCreated(key);
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Create API key">
      <Stack gap="sm" maw={520}>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            aria-label={m.keyName}
            placeholder="Reporting script"
            style={{ flex: 1, minWidth: 0 }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={create.isPending} style={{ flexShrink: 0 }}>
            {m.createKey}
          </Button>
        </Group>
        <Checkbox label={m.readWrite} {...form.getInputProps('readWrite', { type: 'checkbox' })} />
        {create.isError && (
          <Text size="sm" c="red.8" role="alert">
            {m.actionFailed}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function KeyRow({
  apiKey,
  canManage,
  onRevoke,
}: {
  apiKey: ApiKey;
  canManage: boolean;
  onRevoke: () => void;
}) {
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="api-key-row"
    >
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} truncate="end">
            {apiKey.name}
          </Text>
          <Badge
            variant="light"
            color={apiKey.read_only ? 'gray' : 'orange'}
            radius="sm"
            style={{ flexShrink: 0 }}
          >
            {apiKey.read_only ? m.readOnly : m.readWriteBadge}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Text span ff="monospace" size="xs">
            {apiKey.prefix}…
          </Text>{' '}
          · Created {formatDate(apiKey.created_at)} · Last used{' '}
          {apiKey.last_used_at ? formatDate(apiKey.last_used_at) : m.never}
        </Text>
      </Stack>
      {canManage && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={onRevoke}
          aria-label={`${m.revoke} ${apiKey.name}`}
        >
          {m.revoke}
        </Button>
      )}
    </Group>
  );
}

/** Settings → Developers → API key (spec 002 §2): create, show once, list, revoke. */
export function ApiKeysPanel({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const keys = useApiKeys(organizationId);
  const revoke = useRevokeApiKey(organizationId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <SettingsCard title={m.apiKeyTitle} description={m.apiKeyDescription} count={keys.data?.length ?? null}>
      {canManage ? (
        <CreateKeyForm organizationId={organizationId} onCreated={setCreated} />
      ) : (
        <AdminsOnlyNote />
      )}
      {created && <SecretOnce label={created.name} secret={created.key} />}
      {keys.isPending ? (
        <Skeleton height={48} radius="md" aria-label="Loading" />
      ) : keys.isError ? (
        <Alert color="red" variant="light">
          {loadErrorMessage('api key', keys.error)}
        </Alert>
      ) : keys.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.noKeys}
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.apiKeyTitle}>
          {keys.data.map((apiKey) => (
            <KeyRow
              key={apiKey.id}
              apiKey={apiKey}
              canManage={canManage}
              onRevoke={() => setRevoking(apiKey)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title={m.confirmRevokeTitle}
        message={revoking ? m.confirmRevoke(revoking.name) : null}
        confirmLabel={m.revoke}
        confirmColor="red"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSettled: () => {
              if (created?.id === revoking.id) setCreated(null);
              setRevoking(null);
            },
          });
        }}
      />
    </SettingsCard>
  );
}
