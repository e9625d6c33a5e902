import { ApiCredentialsRequestSchema } from '@maya/contracts';
import { Anchor } from '@mantine/core';
import { z } from 'zod/mini';
import { useGoToSources } from '../../hooks/useGoToSources';
import { useSaveApiCredentials } from '../../hooks/useSetupMutations';
import { sourcesMessages, statusErrorMessage } from '../../messages';
import { CredentialsForm } from './CredentialsForm';
import { setupScreen, type SetupFormProps } from './SetupGate';
import { SetupLayout, type GuideStep } from './SetupLayout';
import { useTextFields } from './TextFields';

const MOOSEND_API_SETTINGS_URL = 'https://identity.moosend.com/';

const guideSteps: GuideStep[] = [
  {
    title: 'Sign in to Moosend',
    body: (
      <>
        Open{' '}
        <Anchor
          href={MOOSEND_API_SETTINGS_URL}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          c="indigo.9"
        >
          Moosend
        </Anchor>{' '}
        with a user who can see the account settings.
      </>
    ),
  },
  { title: 'Find your API key', body: 'Go to More → Settings → API key and copy the key shown there.' },
  { title: 'Paste it here', body: 'Paste the key in the API Key field and press Save.' },
];

const FIELDS = [{ name: 'apiKey', label: sourcesMessages.apiKey }] as const;
/** The key as POST /services/{id}/api_credentials takes it. */
const SCHEMA = z.object({ apiKey: ApiCredentialsRequestSchema.shape.apiCreds.shape.apiKey });

/**
 * One field, API Key; Save is disabled while it is empty. Save verifies the key and connects its
 * account, then goes to sources whatever the result (spec 001 §4: the error message is set but
 * not shown; it goes to the console for support). A refused key connects nothing, so the sources
 * page simply does not list Moosend.
 */
function MoosendForm({ organization, service }: SetupFormProps) {
  const goToSources = useGoToSources(organization.slug);
  const save = useSaveApiCredentials(organization.id);
  const { inputs, values, complete } = useTextFields(FIELDS, SCHEMA);

  const submit = () => {
    if (!complete) return;
    save.mutate(
      { serviceId: service.id, serviceUuid: service.uuid, apiKey: values.apiKey },
      {
        onSuccess: () => goToSources(service.name),
        onError: (saveError) => {
          console.error(statusErrorMessage(saveError, sourcesMessages.apiCredentialsFailed));
          goToSources();
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
      <CredentialsForm
        serviceName={service.name}
        onSave={submit}
        error={null}
        saving={save.isPending}
        canSave={complete}
      >
        {inputs}
      </CredentialsForm>
    </SetupLayout>
  );
}

/** /organization/:slug/sources/setup/moosend/:uuid (spec 001 §2, §4, §5): the mailing platform. */
export const MoosendSetupPage = setupScreen('moosend', MoosendForm);
