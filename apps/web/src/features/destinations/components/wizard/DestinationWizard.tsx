import { Alert, Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import {
  DEFAULT_DESTINATION_LOCATION,
  type Destination,
  type DestinationLocation,
  type OrganizationDestination,
} from '@maya/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { IconAlert } from '../../../../shared/ui/icons';
import { areValid, initialValues } from '../../credentials';
import { useGoToSources } from '../../hooks/useGoToSources';
import { useRemoveOrganizationDestination } from '../../hooks/useRemoveOrganizationDestination';
import { useSaveOrganizationDestination } from '../../hooks/useSaveOrganizationDestination';
import { destinationErrorDetail, destinationErrorMessage, destinationsMessages } from '../../messages';
import { ChooseDestinationStep } from './ChooseDestinationStep';
import { CredentialsForm } from './CredentialsForm';
import { KeyFileUpload } from './KeyFileUpload';
import { LocationStep } from './LocationStep';

type Step = 0 | 1 | 2;

function stepTitle(step: Step): string {
  return `Step ${step + 1} of 3 · ${destinationsMessages.steps[step].label}`;
}
type KeyFile = { fileName: string; credentials: Record<string, string> };

type DestinationWizardProps = {
  organization: { id: string; slug: string };
  destinations: readonly Destination[];
  /** The organization's destination being modified, or null. */
  current: OrganizationDestination | null;
  /** Back at step 1. */
  onClose: () => void;
};

/**
 * The 3-step destination wizard (spec 002 Destination wizard, §5): choose, credentials (form or
 * key file), location. Continue stays disabled until the step is done and becomes Finish at step
 * 3; Back goes one step, or closes the wizard at step 1. The managed choice removes the
 * organization destination at step 1; Finish creates or updates it; both then go to sources.
 */
export function DestinationWizard({ organization, destinations, current, onClose }: DestinationWizardProps) {
  const [step, setStep] = useState<Step>(0);
  const [destinationId, setDestinationId] = useState<string | null>(current?.destination_id ?? null);
  // Values are kept per destination, so switching back and forth loses nothing typed.
  const [values, setValues] = useState<Record<string, Record<string, string>>>({});
  const [keyFiles, setKeyFiles] = useState<Record<string, KeyFile | null>>({});
  const [location, setLocation] = useState<DestinationLocation | null>(
    current?.location ?? DEFAULT_DESTINATION_LOCATION,
  );
  const save = useSaveOrganizationDestination(organization.id);
  const remove = useRemoveOrganizationDestination(organization.id);
  const goToSources = useGoToSources(organization.slug);
  // On a phone the three labelled steps do not fit in a row: numbers only, and the step named above.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;

  const destination = destinations.find((d) => d.id === destinationId) ?? null;
  const keyFile = destination ? (keyFiles[destination.id] ?? null) : null;
  const credentials = destination
    ? destination.is_upload
      ? (keyFile?.credentials ?? null)
      : (values[destination.id] ?? initialValues(destination))
    : null;
  const failed = save.error ?? remove.error;
  const busy = save.isPending || remove.isPending;

  const done: Record<Step, boolean> = {
    0: destination !== null,
    1: destination !== null && credentials !== null && areValid(destination, credentials),
    2: location !== null,
  };

  const go = (next: Step) => {
    save.reset();
    remove.reset();
    setStep(next);
  };

  const back = () => (step === 0 ? onClose() : go((step - 1) as Step));

  const proceed = () => {
    if (destination === null) return;
    if (step === 0) {
      if (destination.managed) remove.mutate(undefined, { onSuccess: goToSources });
      else go(1);
      return;
    }
    if (step === 1) return go(2);
    if (credentials === null || location === null) return;
    save.mutate(
      { destinationId: destination.id, destinationName: destination.name, credentials, location },
      { onSuccess: goToSources },
    );
  };

  const [choose, connect, place] = destinationsMessages.steps;
  const label = (item: (typeof destinationsMessages.steps)[number]) =>
    narrow ? {} : { label: item.label, description: item.description };
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      aria-label={destinationsMessages.wizardLabel}
    >
      <Stack gap="lg">
        {narrow && (
          <Text size="sm" fw={600}>
            {stepTitle(step)}
          </Text>
        )}
        <Stepper active={step} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step {...label(choose)}>
            <ChooseDestinationStep
              destinations={destinations}
              value={destinationId}
              onChange={setDestinationId}
            />
          </Stepper.Step>
          <Stepper.Step {...label(connect)}>
            {destination !== null && (
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  {destinationsMessages.credentialsNote}
                </Text>
                {destination.is_upload ? (
                  <KeyFileUpload
                    destination={destination}
                    value={keyFile}
                    onChange={(file) => setKeyFiles((before) => ({ ...before, [destination.id]: file }))}
                  />
                ) : (
                  <CredentialsForm
                    destination={destination}
                    values={credentials ?? initialValues(destination)}
                    onChange={(next) => setValues((before) => ({ ...before, [destination.id]: next }))}
                  />
                )}
              </Stack>
            )}
          </Stepper.Step>
          <Stepper.Step {...label(place)}>
            <LocationStep value={location} onChange={setLocation} />
          </Stepper.Step>
        </Stepper>
        {failed !== null && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlert size={18} />}
            title={destinationErrorMessage(failed, 'updating')}
          >
            {destinationErrorDetail(failed) !== null && (
              <Text size="sm" c="red.9" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {destinationErrorDetail(failed)}
              </Text>
            )}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={back} disabled={busy}>
            {destinationsMessages.back}
          </Button>
          <Button onClick={proceed} disabled={!done[step]} loading={busy}>
            {step === 2 ? destinationsMessages.finish : destinationsMessages.continue}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
