import { Alert, Box, Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { modelling, type ServiceAccount } from '@maya/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeApiError } from '../../../../shared/api/describeError';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { IconPlug } from '../../../../shared/ui/icons';
import { CustomTablesSection } from '../../../custom-tables';
import { useCurrentOrganization, useFeatures } from '../../../organizations';
import { groupByCategory, servicesWithAccounts, type ServiceWithAccounts } from '../../grouping';
import { useArrivalToasts } from '../../hooks/useArrivalToasts';
import { useDeleteServiceAccount } from '../../hooks/useDeleteServiceAccount';
import { useServiceAccounts } from '../../hooks/useServiceAccounts';
import { useServices } from '../../hooks/useServices';
import { deleteFailedMessage, sourcesMessages } from '../../messages';
import { connectPath } from '../../navigation';
import { showToast } from '../../../../shared/ui/toast';
import { PageHeader } from '../PageHeader';
import { AddSourceAction } from './AddSourceAction';
import { CategoryTable } from './CategoryTable';
import { ConversionSettingsModal } from './ConversionSettingsModal';

const META_ADS = 'facebook_ads';

/**
 * /organization/:slug/sources (spec 001 §2): the connected services grouped by category, each
 * expandable to its accounts, with Reconnect and a confirmed Delete. Demo organizations see the
 * list without any setup entry.
 */
export function SourcesPage() {
  const organization = useCurrentOrganization();
  useArrivalToasts();
  if (organization === null) return null;
  return (
    <SourcesContent organizationId={organization.id} slug={organization.slug} demo={organization.is_demo} />
  );
}

function SourcesContent({
  organizationId,
  slug,
  demo,
}: {
  organizationId: string;
  slug: string;
  demo: boolean;
}) {
  const navigate = useNavigate();
  const services = useServices();
  const accounts = useServiceAccounts(organizationId);
  const features = useFeatures(organizationId, !demo);
  const remove = useDeleteServiceAccount(organizationId);
  const [confirming, setConfirming] = useState<ServiceAccount | null>(null);
  const [conversionsOf, setConversionsOf] = useState<string | null>(null);
  // Until the plan is known the button shows; the server refuses an account over the limit anyway.
  const canAddAccounts = features.data?.can_add_accounts ?? true;
  const entries =
    services.isSuccess && accounts.isSuccess ? servicesWithAccounts(services.data, accounts.data) : null;

  const confirmDelete = () => {
    if (confirming === null) return;
    remove.mutate(confirming.uuid, {
      onSuccess: () => setConfirming(null),
      onError: (error) => {
        setConfirming(null);
        showToast('error', deleteFailedMessage(error), { durationMs: modelling.toastMs });
      },
    });
  };

  const actions = demo
    ? null
    : {
        onReconnect: (entry: ServiceWithAccounts) => void navigate(connectPath(slug, entry.service)),
        onDelete: setConfirming,
        onConversions: (entry: ServiceWithAccounts) => setConversionsOf(entry.service.id),
      };

  const failure = services.error ?? accounts.error;
  let content;
  if (failure !== null) {
    content = (
      <Alert color="red" title={sourcesMessages.loadFailed} variant="light">
        <Stack gap="sm" align="flex-start">
          {describeApiError(failure)}
          <Button
            size="xs"
            variant="white"
            color="red"
            onClick={() => {
              void services.refetch();
              void accounts.refetch();
            }}
          >
            {sourcesMessages.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (entries === null) {
    content = (
      <Stack gap="md" aria-label="Loading sources">
        <Skeleton height={120} radius="lg" />
        <Skeleton height={120} radius="lg" />
      </Stack>
    );
  } else if (entries.length === 0) {
    content = (
      <Paper withBorder py={56} px="lg">
        <EmptyState
          variant="light"
          icon={<IconPlug size={28} />}
          title={sourcesMessages.connectSources}
          description={sourcesMessages.emptyDescription}
        >
          {!demo && (
            <EmptyState.Actions>
              <AddSourceAction slug={slug} canAddAccounts={canAddAccounts} />
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    );
  } else {
    content = (
      <Stack gap="lg">
        {groupByCategory(entries, (entry) => entry.service.category).map((group) => (
          <CategoryTable
            key={group.category}
            category={group.category}
            entries={group.items}
            actions={actions}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Box p={{ base: 0, sm: 'xl' }} maw={1100}>
      <PageHeader
        title={sourcesMessages.title}
        actions={
          !demo && entries !== null && entries.length > 0 ? (
            <AddSourceAction slug={slug} canAddAccounts={canAddAccounts} />
          ) : undefined
        }
      />
      {content}
      {!demo && (
        <Box mt="lg">
          <CustomTablesSection organizationId={organizationId} slug={slug} />
        </Box>
      )}
      <ConversionSettingsModal
        organizationId={organizationId}
        serviceId={conversionsOf ?? META_ADS}
        opened={conversionsOf !== null}
        onClose={() => setConversionsOf(null)}
      />
      <ConfirmDialog
        opened={confirming !== null}
        title={sourcesMessages.areYouSure}
        message={
          confirming === null
            ? undefined
            : `${confirming.name} (${confirming.id_label}) will be disconnected and its data will no longer load.`
        }
        confirmLabel={sourcesMessages.delete}
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </Box>
  );
}
