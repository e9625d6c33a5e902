import { UniqueAccountRequestSchema } from '@maya/contracts';
import { Anchor, Code, Stack } from '@mantine/core';
import { useState } from 'react';
import { useGoToSources } from '../../hooks/useGoToSources';
import { useServiceAccountEmail } from '../../hooks/useServiceAccountEmail';
import { useVerifyUniqueAccount } from '../../hooks/useSetupMutations';
import { sourcesMessages, statusErrorMessage } from '../../messages';
import { storeServiceUuid } from '../../redirectStorage';
import { CopyValueButton } from '../CopyValueButton';
import { CredentialsForm } from './CredentialsForm';
import { setupScreen, type SetupFormProps } from './SetupGate';
import { SetupLayout, type GuideStep } from './SetupLayout';
import { useTextFields } from './TextFields';
import { z } from 'zod/mini';

const GOOGLE_CLOUD_CONSOLE_URL = 'https://console.cloud.google.com/';

/** The five steps of spec 001 §2; step 4 names the product's service account, ready to copy. */
export function ga4GuideSteps(serviceAccountEmail: string | null): GuideStep[] {
  return [
    {
      title: 'Enable BigQuery',
      body: (
        <>
          In the{' '}
          <Anchor href={GOOGLE_CLOUD_CONSOLE_URL} target="_blank" rel="noopener noreferrer" size="sm">
            Google Cloud console
          </Anchor>
          , pick or create a project and enable the BigQuery API for it.
        </>
      ),
    },
    {
      title: 'Prepare the export',
      body: 'Make sure you are an Editor of the GA4 property and an Owner of the Google Cloud project.',
    },
    {
      title: 'Link the GA4 property',
      body: 'In GA4 Admin → Product links → BigQuery links, link the property to the project. Choose the EU data location and the Daily export frequency.',
    },
    {
      title: 'Grant access',
      body:
        serviceAccountEmail === null ? (
          'In IAM of the project, grant our service account the roles BigQuery Job User, BigQuery Data Viewer and Storage Object Admin.'
        ) : (
          <Stack gap={6} align="flex-start">
            <span>
              In IAM of the project, grant this service account the roles BigQuery Job User, BigQuery Data
              Viewer and Storage Object Admin:
            </span>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal', width: '100%' }}>
              {serviceAccountEmail}
            </Code>
            <CopyValueButton value={serviceAccountEmail} label={sourcesMessages.copyServiceAccount} />
          </Stack>
        ),
    },
    {
      title: 'Find the project and dataset ids',
      body: (
        <>
          The project id is on the project&apos;s dashboard. The dataset id is <Code>analytics_</Code>{' '}
          followed by digits, such as <Code>analytics_123456789</Code>; it appears about 24 hours after
          linking.
        </>
      ),
    },
  ];
}

const FIELDS = [
  { name: 'projectId', label: sourcesMessages.projectId, placeholder: 'my-project-123' },
  { name: 'datasetId', label: sourcesMessages.datasetId, placeholder: 'analytics_123456789' },
] as const;
/** The two ids as POST /services/{id}/unique_account takes them. */
const SCHEMA = z.pick(UniqueAccountRequestSchema, { projectId: true, datasetId: true });

/**
 * Project Id and Dataset Id, Save disabled unless both are given (spec 001 §2, §4, §5, §8). Save
 * keeps the service uuid, verifies the export with the product's service account and connects it.
 */
function Ga4EventsForm({ organization, service }: SetupFormProps) {
  const goToSources = useGoToSources(organization.slug);
  const email = useServiceAccountEmail();
  const verify = useVerifyUniqueAccount(organization.id);
  const { inputs, values, complete } = useTextFields(FIELDS, SCHEMA);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!complete) return;
    setError(null);
    storeServiceUuid(service.uuid);
    verify.mutate(
      { serviceId: service.id, serviceUuid: service.uuid, ...values },
      {
        onSuccess: (accounts) => {
          if (accounts.length === 0) setError(sourcesMessages.uniqueAccountMissing);
          else goToSources(service.name);
        },
        onError: (verifyError) =>
          setError(statusErrorMessage(verifyError, sourcesMessages.uniqueAccountFailed)),
      },
    );
  };

  return (
    <SetupLayout
      slug={organization.slug}
      service={service}
      description="Load your GA4 events from their daily BigQuery export."
      guide={{ steps: ga4GuideSteps(email.data ?? null), defaultOpen: true }}
    >
      <CredentialsForm
        serviceName={service.name}
        onSave={submit}
        error={error}
        saving={verify.isPending}
        canSave={complete}
      >
        {inputs}
      </CredentialsForm>
    </SetupLayout>
  );
}

/** /organization/:slug/sources/setup/google_analytics_4_events/:uuid. */
export const Ga4EventsSetupPage = setupScreen('google_analytics_4_events', Ga4EventsForm);
