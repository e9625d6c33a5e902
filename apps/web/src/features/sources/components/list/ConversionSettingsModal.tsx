import { Alert, Badge, Button, Checkbox, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { META_CUSTOM_CONVERSIONS, type ConversionSettings } from '@maya/contracts';
import { useState } from 'react';
import { describeApiError } from '../../../../shared/api/describeError';
import { useConversionSettings } from '../../hooks/useConversionSettings';
import { useSaveConversionSettings } from '../../hooks/useSaveConversionSettings';
import { sourcesMessages } from '../../messages';

const messages = sourcesMessages.conversions;

type ConversionSettingsModalProps = {
  organizationId: string;
  serviceId: string;
  opened: boolean;
  onClose: () => void;
};

/**
 * Meta Ads' conversion settings (issue 30): which of the action types Meta reports count as
 * conversions in the reports, from the next data load. Administrators change them.
 */
export function ConversionSettingsModal({
  organizationId,
  serviceId,
  opened,
  onClose,
}: ConversionSettingsModalProps) {
  const settings = useConversionSettings(organizationId, serviceId, opened);
  const save = useSaveConversionSettings(organizationId, serviceId);
  return (
    <Modal opened={opened} onClose={onClose} title={messages.title} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {messages.description}
        </Text>
        {settings.isPending ? (
          <Skeleton height={240} />
        ) : settings.isError ? (
          <Alert color="red" variant="light">
            {describeApiError(settings.error)}
          </Alert>
        ) : (
          <ConversionForm key={settings.data.action_types.join(',')} settings={settings.data} save={save} />
        )}
      </Stack>
    </Modal>
  );
}

function ConversionForm({
  settings,
  save,
}: {
  settings: ConversionSettings;
  save: ReturnType<typeof useSaveConversionSettings>;
}) {
  const [chosen, setChosen] = useState<string[]>(settings.action_types);
  const defaults = new Set(settings.default_action_types);
  const changed = [...chosen].sort().join(',') !== [...settings.action_types].sort().join(',');
  return (
    <Stack gap="md">
      <Checkbox.Group value={chosen} onChange={setChosen} aria-label={messages.title}>
        <Stack gap={10}>
          {settings.options.map((option) => (
            <Checkbox
              key={option.action_type}
              value={option.action_type}
              disabled={!settings.can_edit}
              label={
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{option.label}</Text>
                  {defaults.has(option.action_type) && (
                    <Badge size="xs" variant="light" color="gray">
                      {messages.defaultBadge}
                    </Badge>
                  )}
                </Group>
              }
              description={
                option.action_type === META_CUSTOM_CONVERSIONS ? messages.customHint : option.action_type
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {chosen.length === 0 && (
        <Alert color="orange" variant="light">
          {messages.none}
        </Alert>
      )}
      {!settings.can_edit && (
        <Text size="sm" c="dimmed">
          {messages.readOnly}
        </Text>
      )}
      {save.isError && (
        <Alert color="red" variant="light">
          {describeApiError(save.error)}
        </Alert>
      )}
      {save.isSuccess && !changed && (
        <Text size="sm" c="teal.8" role="status">
          {messages.saved}
        </Text>
      )}
      {settings.can_edit && (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={settings.is_default}
            loading={save.isPending && save.variables === null}
            onClick={() => save.mutate(null)}
          >
            {messages.useDefaults}
          </Button>
          <Button
            disabled={!changed}
            loading={save.isPending && save.variables !== null}
            onClick={() => save.mutate(chosen)}
          >
            {messages.save}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
