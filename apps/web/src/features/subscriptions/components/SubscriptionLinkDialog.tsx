import type { Organization, Subscription } from '@maya/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { navigateExternal } from '../../../shared/lib/browser';
import { useLinkSubscription } from '../hooks/useLinkSubscription';
import { linkFailureDetails, subscriptionErrorMessage, subscriptionMessages } from '../messages';

function subscriptionLabel(subscription: Subscription): string {
  const status = subscription.status.replace('_', ' ');
  return `${subscription.name} (${status})`;
}

type SubscriptionLinkDialogProps = {
  opened: boolean;
  organizations: Organization[];
  subscriptions: Subscription[];
  onClose: () => void;
};

/** The linking dialog of `SubscriptionLinkModal`: a chunk of its own, as few users ever see it. */
export function SubscriptionLinkDialog({
  opened,
  organizations,
  subscriptions,
  onClose,
}: SubscriptionLinkDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={subscriptionMessages.linkTitle}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <LinkForm organizations={organizations} subscriptions={subscriptions} onLater={onClose} />
    </Modal>
  );
}

type LinkFormProps = {
  organizations: Organization[];
  subscriptions: Subscription[];
  onLater: () => void;
};

function onlyId(list: readonly { id: string }[]): string | null {
  return list.length === 1 ? (list[0]?.id ?? null) : null;
}

function LinkForm({ organizations, subscriptions, onLater }: LinkFormProps) {
  const link = useLinkSubscription();
  const form = useForm<{ organizationId: string | null; subscriptionId: string | null }>({
    initialValues: { organizationId: onlyId(organizations), subscriptionId: onlyId(subscriptions) },
    validate: {
      organizationId: isNotEmpty('Choose an organization'),
      subscriptionId: isNotEmpty('Choose a subscription'),
    },
  });
  const unavailable = organizations.length === 0 || subscriptions.length === 0;
  const leaving = link.isPending || link.isSuccess;

  const submit = form.onSubmit(({ organizationId, subscriptionId }) => {
    if (organizationId === null || subscriptionId === null) return;
    link.mutate(
      { organizationId, subscriptionId },
      // A full reload, so every screen reads the organization's new plan (spec 002 §4).
      { onSuccess: () => navigateExternal('/') },
    );
  });

  return (
    <form noValidate aria-label={subscriptionMessages.linkTitle} onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {subscriptionMessages.linkIntro}
        </Text>
        {link.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={subscriptionErrorMessage('link', link.error)}
          >
            {linkFailureDetails(link.error)}
          </Alert>
        )}
        {organizations.length === 0 ? (
          <Alert color="gray" variant="light" title={subscriptionMessages.organizationLabel}>
            {subscriptionMessages.noAvailableOrganizations}
          </Alert>
        ) : (
          <Select
            label={subscriptionMessages.organizationLabel}
            placeholder="Choose an organization"
            data={organizations.map((organization) => ({ value: organization.id, label: organization.name }))}
            allowDeselect={false}
            disabled={leaving}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('organizationId')}
          />
        )}
        {subscriptions.length === 0 ? (
          <Alert color="gray" variant="light" title={subscriptionMessages.subscriptionLabel}>
            {subscriptionMessages.noSubscriptions}
          </Alert>
        ) : (
          <Select
            label={subscriptionMessages.subscriptionLabel}
            placeholder="Choose a subscription"
            data={subscriptions.map((subscription) => ({
              value: subscription.id,
              label: subscriptionLabel(subscription),
            }))}
            allowDeselect={false}
            disabled={leaving}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('subscriptionId')}
          />
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onLater} disabled={leaving}>
            {subscriptionMessages.later}
          </Button>
          <Button type="submit" disabled={unavailable} loading={leaving}>
            {subscriptionMessages.link}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
