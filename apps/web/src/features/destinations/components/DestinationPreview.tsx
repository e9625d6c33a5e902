import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DESTINATION_LOCATIONS, type Destination, type OrganizationDestination } from '@maya/contracts';
import { formatDate } from '../../../shared/lib/dates';
import { IconAlert, IconCheck } from '../../../shared/ui/icons';
import { useCheckOrganizationDestination } from '../hooks/useCheckOrganizationDestination';
import { useDestination } from '../hooks/useDestination';
import { destinationErrorMessage, destinationsMessages } from '../messages';
import { DestinationLogo } from './DestinationLogo';

type DestinationPreviewProps = {
  organizationId: string;
  /** The organization's own destination; null when it uses the managed default. */
  current: OrganizationDestination | null;
  managed: Destination | null;
  /** Shown only when can_configure_destination holds (spec 002 Destination wizard). */
  onModify: (() => void) | null;
};

function locationLabel(value: string): string {
  return DESTINATION_LOCATIONS.find((location) => location.value === value)?.label ?? value;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

/** The connection check of the organization's own database, on demand. */
function ConnectionCheck({ organizationId }: { organizationId: string }) {
  const check = useCheckOrganizationDestination(organizationId);
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        size="xs"
        w="fit-content"
        loading={check.isPending}
        onClick={() => check.mutate()}
      >
        {destinationsMessages.checkConnection}
      </Button>
      {check.data?.reachable === true && (
        <Group gap={6} c="teal.8" role="status">
          <IconCheck size={16} />
          <Text size="sm">{destinationsMessages.connectionOk}</Text>
        </Group>
      )}
      {(check.data?.reachable === false || check.error !== null) && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          p="sm"
          icon={<IconAlert size={18} />}
          title={
            check.error !== null
              ? destinationErrorMessage(check.error, 'checking')
              : destinationsMessages.connectionFailed
          }
        >
          {check.data?.message !== undefined && check.data.message !== null && (
            <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              {check.data.message}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The configured destination (spec 002 Destination wizard): name, location and dates, or the
 * managed default when the organization has none; Modify only when it may be changed.
 */
export function DestinationPreview({ organizationId, current, managed, onModify }: DestinationPreviewProps) {
  const own = useDestination(current?.destination_id ?? null);
  const shown = current !== null ? own.data : managed;
  const name = current?.name ?? managed?.name ?? '';
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      maw={760}
      aria-label={destinationsMessages.title}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            {shown !== undefined && shown !== null && <DestinationLogo destination={shown} size={40} />}
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={2} fz="lg">
                  {name}
                </Title>
                {current === null && (
                  <Badge variant="light" color="indigo" radius="sm">
                    {destinationsMessages.managedSection}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {current === null ? destinationsMessages.noConfiguredDestination : shown?.description}
              </Text>
            </Stack>
          </Group>
          {onModify !== null && (
            <Button variant="light" onClick={onModify} style={{ flexShrink: 0 }}>
              {destinationsMessages.modify}
            </Button>
          )}
        </Group>
        {current === null ? (
          <Text size="sm">{destinationsMessages.managedNote}</Text>
        ) : (
          <>
            <Group gap="xl">
              <Fact label={destinationsMessages.location} value={locationLabel(current.location)} />
              <Fact label={destinationsMessages.created} value={formatDate(current.created_at)} />
              <Fact label={destinationsMessages.updated} value={formatDate(current.updated_at)} />
            </Group>
            <ConnectionCheck organizationId={organizationId} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
