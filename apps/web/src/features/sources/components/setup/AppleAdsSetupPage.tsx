import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { Organization, Service } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { IconCheck } from '../../../../shared/ui/icons';
import type { AppleAdsCredentials } from '../../api/setup';
import { useConnectAppleAds } from '../../hooks/useConnectAppleAds';
import { usePublicKey } from '../../hooks/usePublicKey';
import { sourcesMessages, statusErrorMessage } from '../../messages';
import { connectedState, sourcesPath } from '../../navigation';
import { IconCopy } from '../icons';
import { SetupGate } from './SetupGate';
import { SetupLayout, type GuideStep } from './SetupLayout';

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

type Field = Exclude<keyof AppleAdsCredentials, 'publicKey'>;
const FIELDS: Field[] = ['clientId', 'teamId', 'keyId'];

/** /organization/:slug/sources/setup/apple_ads/:uuid (spec 001 §2, §5, §8). */
export function AppleAdsSetupPage() {
  const { uuid = '' } = useParams();
  return (
    <SetupGate serviceUuid={uuid} serviceId="apple_ads">
      {(organization, service) => <AppleAdsForm organization={organization} service={service} />}
    </SetupGate>
  );
}

/**
 * Four credentials: clientId, teamId and keyId typed in, publicKey shown read-only (the user
 * uploads it at Apple). All four are required ('Please fill all fields').
 */
function AppleAdsForm({ organization, service }: { organization: Organization; service: Service }) {
  const navigate = useNavigate();
  const publicKey = usePublicKey(organization.id, service.id, service.uuid);
  const connect = useConnectAppleAds(organization.id);
  const [values, setValues] = useState<Record<Field, string>>({ clientId: '', teamId: '', keyId: '' });
  const [error, setError] = useState<string | null>(null);
  const key = publicKey.data ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = {
      clientId: values.clientId.trim(),
      teamId: values.teamId.trim(),
      keyId: values.keyId.trim(),
      publicKey: key.trim(),
    };
    if (Object.values(credentials).some((value) => value === '')) {
      setError(sourcesMessages.fillAllFields);
      return;
    }
    setError(null);
    connect.mutate(
      { serviceId: service.id, serviceUuid: service.uuid, ...credentials },
      {
        onSuccess: () =>
          void navigate(sourcesPath(organization.slug), { state: connectedState(service.name) }),
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
      <form onSubmit={submit} aria-label={`${service.name} setup`} noValidate>
        <Stack gap="md">
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={sourcesMessages.appleFields[field]}
              value={values[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: value }));
              }}
              autoComplete="off"
              spellCheck={false}
            />
          ))}
          <Textarea
            label={sourcesMessages.appleFields.publicKey}
            value={key}
            readOnly
            rows={7}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            error={
              publicKey.isError
                ? statusErrorMessage(publicKey.error, sourcesMessages.publicKeyLoadFailed)
                : undefined
            }
            placeholder={publicKey.isPending ? 'Loading…' : undefined}
            rightSectionPointerEvents="all"
            rightSection={
              key !== '' && (
                <CopyButton value={key}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? sourcesMessages.copied : sourcesMessages.copy} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={sourcesMessages.copy}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              )
            }
          />
          {error !== null && (
            <Alert color="red" variant="light" role="alert" p="sm">
              <Text size="sm">{error}</Text>
            </Alert>
          )}
          <Button type="submit" loading={connect.isPending} w="fit-content">
            {sourcesMessages.save}
          </Button>
        </Stack>
      </form>
    </SetupLayout>
  );
}
