import { Alert, Button, Group, NumberInput, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { LOOKBACK_DAYS_MAX, LOOKBACK_DAYS_MIN, type EtlLookback } from '@maya/contracts';
import { useState } from 'react';
import { describeApiError } from '../../../shared/api/describeError';
import { useEtlSettings } from '../hooks/useEtlSettings';
import { useSaveEtlSettings } from '../hooks/useSaveEtlSettings';
import { etlMessages } from '../messages';

/** What a field holds: a whole number of days, or empty for the connector's default. */
type Draft = Record<string, number | ''>;

const draftOf = (lookbacks: EtlLookback[]): Draft =>
  Object.fromEntries(lookbacks.map((l) => [l.service, l.days ?? '']));

/**
 * The organization's look-back days per service (issue 30): how many days before the last loaded
 * day each load reads again. Administrators change them; members see them.
 */
export function LookbackSettings({ organizationId }: { organizationId: string }) {
  const settings = useEtlSettings(organizationId);
  // Here, not in the form: the form starts again from the saved days, the outcome stays shown.
  const save = useSaveEtlSettings(organizationId);
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {etlMessages.lookback}
      </Title>
      <Text size="sm" c="dimmed">
        {etlMessages.lookbackDescription}
      </Text>
      {settings.isPending ? (
        <Skeleton height={120} />
      ) : settings.isError ? (
        <Alert color="red" variant="light">
          {describeApiError(settings.error)}
        </Alert>
      ) : (
        <LookbackForm
          key={JSON.stringify(settings.data.lookbacks)}
          save={save}
          lookbacks={settings.data.lookbacks}
          canEdit={settings.data.can_edit}
        />
      )}
    </Stack>
  );
}

function LookbackForm(props: {
  save: ReturnType<typeof useSaveEtlSettings>;
  lookbacks: EtlLookback[];
  canEdit: boolean;
}) {
  const { lookbacks, canEdit, save } = props;
  const [draft, setDraft] = useState<Draft>(() => draftOf(lookbacks));
  const changed = lookbacks.filter((l) => (draft[l.service] ?? '') !== (l.days ?? ''));
  const submit = () =>
    save.mutate(
      changed.map((l) => ({
        service: l.service,
        days: draft[l.service] === '' ? null : Number(draft[l.service]),
      })),
    );

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={300} type="native">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{etlMessages.lookbackColumns.service}</Table.Th>
                <Table.Th>{etlMessages.lookbackColumns.default}</Table.Th>
                <Table.Th>{etlMessages.lookbackColumns.days}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lookbacks.map((l) => (
                <Table.Tr key={l.service}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>{l.default_days}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${etlMessages.lookback}: ${l.name}`}
                      placeholder={String(l.default_days)}
                      value={draft[l.service] ?? ''}
                      onChange={(value) =>
                        setDraft((current) => ({
                          ...current,
                          [l.service]: value === '' ? '' : Number(value),
                        }))
                      }
                      min={LOOKBACK_DAYS_MIN}
                      max={LOOKBACK_DAYS_MAX}
                      clampBehavior="strict"
                      allowDecimal={false}
                      allowNegative={false}
                      disabled={!canEdit}
                      w={80}
                      size="xs"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {save.isError && (
          <Alert color="red" variant="light">
            {describeApiError(save.error)}
          </Alert>
        )}
        {save.isSuccess && changed.length === 0 && (
          <Text size="sm" fw={500} role="status">
            {etlMessages.lookbackSaved}
          </Text>
        )}
        <Group justify="space-between">
          {!canEdit ? (
            <Text size="sm" c="dimmed">
              {etlMessages.lookbackAdminOnly}
            </Text>
          ) : (
            <span />
          )}
          {canEdit && (
            <Button onClick={submit} disabled={changed.length === 0} loading={save.isPending}>
              {etlMessages.lookbackSave}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
