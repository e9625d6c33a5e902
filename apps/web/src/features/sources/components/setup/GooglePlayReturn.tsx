import { Alert, Button, Code, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Organization, Service, VerificationResult } from '@maya/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IconCheck } from '../../../../shared/ui/icons';
import { useConnectAccounts } from '../../hooks/useConnectAccounts';
import { useVerifyAuthorization } from '../../hooks/useVerifyAuthorization';
import { addSourceErrorMessage, sourcesMessages, statusErrorMessage } from '../../messages';
import { addSourcePath, connectedState, sourcesPath } from '../../navigation';
import { clearGooglePlayBucket, readGooglePlayBucket } from '../../redirectStorage';
import { ConnectStatus } from '../connect/ConnectStatus';
import { googlePlayGuideSteps } from './googlePlay';
import { SetupLayout } from './SetupLayout';

type GooglePlayReturnProps = {
  organization: Organization;
  service: Service;
  searchParams: URLSearchParams;
};

/**
 * Back from Google (spec 001 §2, §4): the query carries state, code and scope; the screen shows
 * Authorized, and Save verifies the authorization with the kept bucket and connects it.
 */
export function GooglePlayReturn({ organization, service, searchParams }: GooglePlayReturnProps) {
  const navigate = useNavigate();
  const verify = useVerifyAuthorization();
  const connect = useConnectAccounts(organization.id);
  const [bucket] = useState(readGooglePlayBucket);
  const [error, setError] = useState<string | null>(null);
  // The code is single-use: once verified, a retry only connects again.
  const [verified, setVerified] = useState<VerificationResult | null>(null);
  const back = { to: addSourcePath(organization.slug), label: sourcesMessages.backToAddSource };
  const providerError = searchParams.get('error_description') || searchParams.get('error');
  const code = searchParams.get('code') ?? '';
  const state = searchParams.get('state') ?? '';

  if (providerError !== null && providerError !== '') {
    return <ConnectStatus kind="failure" message={addSourceErrorMessage(providerError)} back={back} />;
  }
  if (code === '' || state === '' || bucket === null) {
    return <ConnectStatus kind="failure" message={sourcesMessages.redirectionError} back={back} />;
  }

  const connectVerified = (result: VerificationResult) => {
    const [account] = result.accounts;
    if (account === undefined) {
      setError(sourcesMessages.noAccounts);
      return;
    }
    connect.mutate(
      { credentialsId: result.credentials_id, accounts: [account.identifier] },
      {
        onSuccess: () => {
          clearGooglePlayBucket();
          void navigate(sourcesPath(organization.slug), { state: connectedState(service.name) });
        },
        onError: () => setError(sourcesMessages.connectFailed),
      },
    );
  };

  const save = () => {
    setError(null);
    if (verified !== null) {
      connectVerified(verified);
      return;
    }
    verify.mutate(
      {
        organizationId: organization.id,
        serviceId: service.id,
        serviceUuid: service.uuid,
        code,
        state,
        metadata: { bucket },
      },
      {
        onSuccess: (result) => {
          setVerified(result);
          connectVerified(result);
        },
        onError: (verifyError) => setError(statusErrorMessage(verifyError, sourcesMessages.verifyFailed)),
      },
    );
  };

  return (
    <SetupLayout
      slug={organization.slug}
      service={service}
      guide={{ steps: googlePlayGuideSteps, defaultOpen: false }}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon radius="xl" color="teal" variant="light" size={32}>
            <IconCheck size={18} />
          </ThemeIcon>
          <Text fw={600}>{sourcesMessages.authorized}</Text>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {sourcesMessages.bucket}
          </Text>
          <Code block>{bucket}</Code>
        </Stack>
        {error !== null && (
          <Alert color="red" variant="light" role="alert" p="sm">
            <Text size="sm">{error}</Text>
          </Alert>
        )}
        <Button onClick={save} loading={verify.isPending || connect.isPending} w="fit-content">
          {sourcesMessages.save}
        </Button>
      </Stack>
    </SetupLayout>
  );
}
