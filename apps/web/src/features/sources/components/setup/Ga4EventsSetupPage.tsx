import { Alert, Anchor, Button, Code, Stack, Text, TextInput } from '@mantine/core';
import type { Organization, Service } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useServiceAccountEmail } from '../../hooks/useServiceAccountEmail';
import { useVerifyUniqueAccount } from '../../hooks/useVerifyUniqueAccount';
import { sourcesMessages, statusErrorMessage } from '../../messages';
import { connectedState, sourcesPath } from '../../navigation';
import { storeServiceUuid } from '../../redirectStorage';
import { SetupGate } from './SetupGate';
import { SetupLayout, type GuideStep } from './SetupLayout';

const link = (href: string, label: string) => (
  <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
    {label}
  </Anchor>
);

/** The five steps of spec 001 §2; step 4 names the product's service account. */
export function ga4GuideSteps(serviceAccountEmail: string | null): GuideStep[] {
  return [
    {
      title: 'Enable BigQuery',
      body: (
        <>
          In the {link('https://console.cloud.google.com/', 'Google Cloud console')}, pick or create a project
          and enable the BigQuery API for it.
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
      body: (
        <>
          In IAM of the project, grant{' '}
          {serviceAccountEmail === null ? 'our service account' : <Code>{serviceAccountEmail}</Code>} the
          roles BigQuery Job User, BigQuery Data Viewer and Storage Object Admin.
        </>
      ),
    },
    {
      title: 'Find the project and dataset ids',
      body: (
        <>
          The project id is on the project&apos;s dashboard; the dataset id reads <Code>analytics_</Code>{' '}
          followed by digits (<Code>analytics_123456789</Code>). The dataset appears about 24 hours after
          linking.
        </>
      ),
    },
  ];
}

/** /organization/:slug/sources/setup/google_analytics_4_events/:uuid (spec 001 §2, §4, §5, §8). */
export function Ga4EventsSetupPage() {
  const { uuid = '' } = useParams();
  return (
    <SetupGate serviceUuid={uuid} serviceId="google_analytics_4_events">
      {(organization, service) => <Ga4EventsForm organization={organization} service={service} />}
    </SetupGate>
  );
}

/**
 * Project Id and Dataset Id, Save disabled unless both are given. Save keeps the service uuid,
 * verifies the export with the product's service account and connects it.
 */
function Ga4EventsForm({ organization, service }: { organization: Organization; service: Service }) {
  const navigate = useNavigate();
  const email = useServiceAccountEmail();
  const verify = useVerifyUniqueAccount(organization.id);
  const [projectId, setProjectId] = useState('');
  const [datasetId, setDatasetId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ready = projectId.trim() !== '' && datasetId.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(null);
    storeServiceUuid(service.uuid);
    verify.mutate(
      {
        serviceId: service.id,
        serviceUuid: service.uuid,
        projectId: projectId.trim(),
        datasetId: datasetId.trim(),
      },
      {
        onSuccess: (accounts) => {
          if (accounts.length === 0) setError(sourcesMessages.uniqueAccountMissing);
          else void navigate(sourcesPath(organization.slug), { state: connectedState(service.name) });
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
      <form onSubmit={submit} aria-label={`${service.name} setup`}>
        <Stack gap="md">
          <TextInput
            label={sourcesMessages.projectId}
            value={projectId}
            onChange={(event) => setProjectId(event.currentTarget.value)}
            placeholder="my-project-123"
            autoComplete="off"
            spellCheck={false}
          />
          <TextInput
            label={sourcesMessages.datasetId}
            value={datasetId}
            onChange={(event) => setDatasetId(event.currentTarget.value)}
            placeholder="analytics_123456789"
            autoComplete="off"
            spellCheck={false}
          />
          {error !== null && (
            <Alert color="red" variant="light" role="alert" p="sm">
              <Text size="sm" c="red.8">
                {error}
              </Text>
            </Alert>
          )}
          <Button type="submit" disabled={!ready} loading={verify.isPending} w="fit-content">
            {sourcesMessages.save}
          </Button>
        </Stack>
      </form>
    </SetupLayout>
  );
}
