import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { IconAlert, IconShield } from '../../../shared/ui/icons';
import { useCurrentOrganization } from '../../organizations';
import { destinationsKeys } from '../api/keys';
import { useDestinations } from '../hooks/useDestinations';
import { useDestinationStatus } from '../hooks/useDestinationStatus';
import { useOrganizationDestination } from '../hooks/useOrganizationDestination';
import { destinationErrorMessage, destinationsMessages } from '../messages';
import { DestinationPreview } from './DestinationPreview';
import { DestinationWizard } from './wizard/DestinationWizard';

/** The query parameter the landing redirect adds after an organization is created (spec 000 §2). */
const REFRESH_PARAMETER = 'refresh_destinations';

/**
 * The Destinations tab of the settings (spec 002 Destination wizard): the guide, the configured
 * destination (or the managed default) with Modify when can_configure_destination holds, and the
 * wizard. Arriving with refresh_destinations (a new organization) reads everything again and opens
 * the wizard when nothing is configured yet.
 */
export function DestinationsTab() {
  const organization = useCurrentOrganization();
  return organization === null ? null : <DestinationsContent organization={organization} />;
}

function DestinationsContent({ organization }: { organization: { id: string; slug: string } }) {
  const organizationId = organization.id;
  const [searchParams] = useSearchParams();
  const refresh = searchParams.has(REFRESH_PARAMETER);
  const queryClient = useQueryClient();
  const catalogue = useDestinations();
  const current = useOrganizationDestination(organizationId);
  const status = useDestinationStatus(organizationId);
  const [open, setOpen] = useState<boolean | null>(null);

  useEffect(() => {
    if (refresh)
      void queryClient.invalidateQueries({ queryKey: destinationsKeys.organization(organizationId) });
  }, [refresh, organizationId, queryClient]);

  const failed = [catalogue, current, status].find((query) => query.isError);
  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlert size={18} />} maw={760}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="red.9">
            {destinationErrorMessage(failed.error, 'getting')}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => void failed.refetch()}>
            {destinationsMessages.retry}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (catalogue.data === undefined || current.data === undefined || status.data === undefined) {
    return <Skeleton height={160} maw={760} radius="lg" aria-label="Loading" />;
  }

  const canConfigure = status.data.can_configure_destination;
  // Opened once for a new organization and then kept open: Finish re-reads the destination, which
  // must not close the wizard before it goes to sources.
  if (open === null && refresh && current.data === null && canConfigure) setOpen(true);
  const isOpen = canConfigure && open === true;
  const note =
    status.data.reason === 'sources_connected'
      ? destinationsMessages.lockedBySources
      : status.data.reason === 'admin_required'
        ? destinationsMessages.adminRequired
        : null;

  return (
    <Stack gap="lg" maw={960}>
      <Text size="sm" c="dimmed" maw={760}>
        {destinationsMessages.guide}
      </Text>
      {isOpen ? (
        <DestinationWizard
          organization={organization}
          destinations={catalogue.data}
          current={current.data}
          onClose={() => setOpen(false)}
        />
      ) : (
        <DestinationPreview
          organizationId={organization.id}
          current={current.data}
          managed={catalogue.data.find((destination) => destination.managed) ?? null}
          onModify={canConfigure ? () => setOpen(true) : null}
        />
      )}
      {note !== null && (
        <Group gap="xs" wrap="nowrap" c="dimmed">
          <IconShield size={18} style={{ flexShrink: 0 }} />
          <Text size="sm">{note}</Text>
        </Group>
      )}
    </Stack>
  );
}
