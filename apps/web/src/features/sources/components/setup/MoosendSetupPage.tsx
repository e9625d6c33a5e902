import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import type { Organization, Service } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSaveApiCredentials } from '../../hooks/useSaveApiCredentials';
import { sourcesMessages, statusErrorMessage } from '../../messages';
import { connectedState, sourcesPath } from '../../navigation';
import { SetupGate } from './SetupGate';
import { SetupLayout, type GuideStep } from './SetupLayout';

const MOOSEND_API_SETTINGS_URL = 'https://identity.moosend.com/';

const guideSteps: GuideStep[] = [
  {
    title: 'Sign in to Moosend',
    body: (
      <>
        Open{' '}
        <Anchor href={MOOSEND_API_SETTINGS_URL} target="_blank" rel="noopener noreferrer" size="sm">
          Moosend
        </Anchor>{' '}
        with a user who can see the account settings.
      </>
    ),
  },
  { title: 'Find your API key', body: 'Go to More → Settings → API key and copy the key shown there.' },
  { title: 'Paste it here', body: 'Paste the key in the API Key field and press Save.' },
];

/** /organization/:slug/sources/setup/moosend/:uuid (spec 001 §2, §4, §5): the mailing platform. */
export function MoosendSetupPage() {
  const { uuid = '' } = useParams();
  return (
    <SetupGate serviceUuid={uuid} serviceId="moosend">
      {(organization, service) => <MoosendForm organization={organization} service={service} />}
    </SetupGate>
  );
}

/**
 * One field, API Key; Save is disabled while it is empty. Save verifies the key and then goes to
 * sources whatever the result (spec 001 §4: the error message is set but not shown).
 */
function MoosendForm({ organization, service }: { organization: Organization; service: Service }) {
  const navigate = useNavigate();
  const save = useSaveApiCredentials(organization.id);
  const [apiKey, setApiKey] = useState('');
  const key = apiKey.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key === '') return;
    save.mutate(
      { serviceId: service.id, serviceUuid: service.uuid, apiKey: key },
      {
        onSuccess: () =>
          void navigate(sourcesPath(organization.slug), { state: connectedState(service.name) }),
        onError: (error) => {
          console.error(statusErrorMessage(error, sourcesMessages.apiCredentialsFailed));
          void navigate(sourcesPath(organization.slug));
        },
      },
    );
  };

  return (
    <SetupLayout
      slug={organization.slug}
      service={service}
      description={`Connect ${service.name} with an API key to load your campaigns and their results.`}
      guide={{ steps: guideSteps, defaultOpen: true }}
    >
      <form onSubmit={submit} aria-label={`${service.name} setup`}>
        <Stack gap="md">
          <TextInput
            label={sourcesMessages.apiKey}
            value={apiKey}
            onChange={(event) => setApiKey(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <Button type="submit" disabled={key === ''} loading={save.isPending} w="fit-content">
            {sourcesMessages.save}
          </Button>
        </Stack>
      </form>
    </SetupLayout>
  );
}
