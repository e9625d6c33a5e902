import { AppleAdsAccountsRequestSchema } from '@maya/contracts';
import { Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useGoToSources } from '../../hooks/useGoToSources';
import { usePublicKey } from '../../hooks/usePublicKey';
import { useConnectAppleAds } from '../../hooks/useSetupMutations';
import { sourcesMessages, statusErrorMessage } from '../../messages';
import { CopyValueButton } from '../CopyValueButton';
import { CredentialsForm } from './CredentialsForm';
import { setupScreen, type SetupFormProps } from './SetupGate';
import { SetupLayout, type GuideStep } from './SetupLayout';
import { useTextFields } from './TextFields';
import { z } from 'zod/mini';

const guideSteps: GuideStep[] = [
  {
    title: 'Copy the public key',
    body: 'Copy the Public Key shown in the form. It was generated for this organization.',
  },
  {
    title: 'Upload it at Apple',
    body: 'In Apple Ads, open Account Settings → API, create an API user (API Account Manager role), and paste the key under Public Key.',
  },
  {
    title: 'Copy the credentials back',
    body: 'Apple then shows the clientId, teamId and keyId of the key: paste them here and Save.',
  },
];

const { appleFields } = sourcesMessages;
const FIELDS = [
  { name: 'clientId', label: appleFields.clientId },
  { name: 'teamId', label: appleFields.teamId },
  { name: 'keyId', label: appleFields.keyId },
] as const;
/** The three ids as POST /services/{id}/apple_ads_accounts takes them (the public key is ours). */
const SCHEMA = z.pick(AppleAdsAccountsRequestSchema, { clientId: true, teamId: true, keyId: true });

/**
 * Four credentials (spec 001 §2, §5, §8): the publicKey, shown read-only first since the user
 * uploads it at Apple before anything else, then the clientId, teamId and keyId Apple answers
 * with. All four are required ('Please fill all fields').
 */
function AppleAdsForm({ organization, service }: SetupFormProps) {
  const goToSources = useGoToSources(organization.slug);
  const publicKey = usePublicKey(organization.id, service.id, service.uuid);
  const connect = useConnectAppleAds(organization.id);
  const { inputs, values, complete } = useTextFields(FIELDS, SCHEMA);
  const [error, setError] = useState<string | null>(null);
  const key = (publicKey.data ?? '').trim();

  const submit = () => {
    if (!complete || key === '') {
      setError(sourcesMessages.fillAllFields);
      return;
    }
    setError(null);
    connect.mutate(
      { serviceId: service.id, serviceUuid: service.uuid, ...values, publicKey: key },
      {
        onSuccess: () => goToSources(service.name),
        onError: (connectError) => setError(statusErrorMessage(connectError, sourcesMessages.connectFailed)),
      },
    );
  };

  return (
    <SetupLayout
      slug={organization.slug}
      service={service}
      description="Connect Apple Ads through an API user that holds this organization's public key."
      guide={{ steps: guideSteps, defaultOpen: true }}
    >
      <CredentialsForm serviceName={service.name} onSave={submit} error={error} saving={connect.isPending}>
        <Stack gap={6}>
          <Textarea
            label={appleFields.publicKey}
            value={key}
            readOnly
            rows={6}
            styles={{
              input: {
                fontFamily: 'var(--mantine-font-family-monospace)',
                fontSize: 12,
                wordBreak: 'break-all',
              },
            }}
            error={
              publicKey.isError
                ? statusErrorMessage(publicKey.error, sourcesMessages.publicKeyLoadFailed)
                : undefined
            }
            placeholder={publicKey.isPending ? 'Loading…' : undefined}
          />
          {key !== '' && <CopyValueButton value={key} label={sourcesMessages.copyPublicKey} />}
        </Stack>
        {inputs}
      </CredentialsForm>
    </SetupLayout>
  );
}

/** /organization/:slug/sources/setup/apple_ads/:uuid (spec 001 §2, §5, §8). */
export const AppleAdsSetupPage = setupScreen('apple_ads', AppleAdsForm);
