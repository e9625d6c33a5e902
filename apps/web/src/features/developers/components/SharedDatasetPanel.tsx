import { Alert, Anchor, Button, Code, Group, List, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { messages as fieldMessages } from '@maya/contracts';
import { formatDate } from '../../../shared/lib/dates';
import { SettingsCard } from '../../../shared/ui/SettingsCard';
import { organizationPath, useFeatures } from '../../organizations';
import { useShareDataset, useSharedDataset, useUnshareDataset } from '../hooks/useSharedDataset';
import { developersMessages as m, isDatasetPlanRefusal, shareErrorMessage } from '../messages';
import { AdminsOnlyNote } from './SecretOnce';

type Props = { organizationId: string; organizationSlug: string; canManage: boolean };

function ShareForm({ organizationId, organizationSlug }: Omit<Props, 'canManage'>) {
  const features = useFeatures(organizationId);
  const share = useShareDataset(organizationId);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (/^\S+@\S+$/.test(value.trim()) ? null : fieldMessages.email) },
  });
  if (features.isPending) return <Skeleton height={36} maw={520} radius="md" aria-label="Loading" />;
  if (features.data?.has_database_access === false || isDatasetPlanRefusal(share.error)) {
    // spec 002 §6: the shared dataset requires has_database_access.
    return (
      <Text size="sm">
        <Anchor component={Link} to={organizationPath(organizationSlug, 'billing/products')} fw={600}>
          {m.upgradeForDatasetAccess}
        </Anchor>
      </Text>
    );
  }
  const submit = form.onSubmit(({ email }) =>
    share.mutate(email.trim().toLowerCase(), { onSuccess: () => form.reset() }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={m.shareTitle}>
      <Stack gap={4} maw={520}>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            aria-label="Email"
            placeholder="name@company.com"
            type="email"
            autoComplete="off"
            style={{ flex: 1, minWidth: 0 }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={share.isPending} style={{ flexShrink: 0 }}>
            {m.share}
          </Button>
        </Group>
        {share.data && (
          <Text size="sm" c="teal.9" role="status">
            {share.data.message}
          </Text>
        )}
        {share.isError && (
          <Text size="sm" c="red.8" role="alert">
            {shareErrorMessage(share.error)}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** How the people it is shared with read the dataset, on each kind of warehouse. */
function HowTheyReadIt({ organizationId }: { organizationId: string }) {
  return (
    <Stack gap={6} pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="sm" fw={600} component="h4" m={0}>
        {m.accessTitle}
      </Text>
      <List size="xs" spacing={4} c="dark.4" styles={{ itemWrapper: { overflowWrap: 'anywhere' } }}>
        <List.Item>
          {m.accessApi} <Code>{m.accessApiEndpoint(organizationId)}</Code> {m.accessApiKeys}
        </List.Item>
        <List.Item>{m.accessPostgres}</List.Item>
        <List.Item>{m.accessBigQuery}</List.Item>
        <List.Item>{m.accessDatabricks}</List.Item>
      </List>
      <Text size="xs" c="dimmed">
        {m.accessRevokeNote}
      </Text>
    </Stack>
  );
}

/** Settings → Developers → Shared dataset (spec 002 §2): share with an e-mail, list, unshare. */
export function SharedDatasetPanel({ organizationId, organizationSlug, canManage }: Props) {
  const dataset = useSharedDataset(organizationId);
  const unshare = useUnshareDataset(organizationId);
  const name = dataset.data?.dataset ?? null;
  return (
    <SettingsCard
      title={m.shareTitle}
      description={m.shareDescription}
      count={dataset.data?.users.length ?? null}
    >
      {name && (
        <Text size="sm">
          Dataset <Code>{name}</Code>
        </Text>
      )}
      {canManage ? (
        <ShareForm organizationId={organizationId} organizationSlug={organizationSlug} />
      ) : (
        <AdminsOnlyNote />
      )}
      {dataset.isPending ? (
        <Skeleton height={48} radius="md" aria-label="Loading" />
      ) : dataset.isError ? (
        <Alert color="red" variant="light">
          {m.sharedLoadFailed}
        </Alert>
      ) : dataset.data.users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.notShared}
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.sharedWith}>
          {dataset.data.users.map((user) => (
            <Group
              key={user.email}
              component="li"
              wrap="nowrap"
              gap="sm"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end" title={user.email}>
                  {user.email}
                </Text>
                <Text size="xs" c="dimmed">
                  Shared {formatDate(user.created_at)}
                </Text>
              </Stack>
              {canManage && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  loading={unshare.isPending && unshare.variables === user.email}
                  onClick={() => unshare.mutate(user.email)}
                  aria-label={`${m.unshare} ${user.email}`}
                >
                  {m.unshare}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <HowTheyReadIt organizationId={organizationId} />
    </SettingsCard>
  );
}
