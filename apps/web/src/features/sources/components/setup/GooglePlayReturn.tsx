import { Button, Code, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Organization, Service, VerificationResult } from '@maya/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconCheck } from '../../../../shared/ui/icons';
import { useConnectAccounts } from '../../hooks/useConnectAccounts';
import { useGoToSources } from '../../hooks/useGoToSources';
import { useVerifyAuthorization } from '../../hooks/useVerifyAuthorization';
import { addSourceErrorMessage, sourcesMessages, statusErrorMessage } from '../../messages';
import { addSourcePath, connectPath } from '../../navigation';
import { clearGooglePlayBucket, readGooglePlayBucket } from '../../redirectStorage';
import { ConnectStatus } from '../connect/ConnectStatus';
import { FormError } from '../FormError';
import { googlePlayGuideSteps } from './googlePlay';
import { SetupLayout } from './SetupLayout';

type GooglePlayReturnProps = {
  organization: Organization;
  service: Service;
  searchParams: URLSearchParams;
};

/** Google Play answers the bucket as a group and its apps as the accounts: every app is connected. */
function appsOf(result: VerificationResult): string[] {
  return result.accounts.filter((account) => account.selectable).map((account) => account.identifier);
}

/**
 * Back from Google (spec 001 §2, §4): the query carries state, code and scope; the screen shows
 * Authorized, and Save verifies the authorization with the kept bucket and connects its apps. The
 * code is single-use: after a refused verification only a new authorization helps, so the screen
 * then offers that instead of Save.
 */
export function GooglePlayReturn({ organization, service, searchParams }: GooglePlayReturnProps) {
  const goToSources = useGoToSources(organization.slug);
  const verify = useVerifyAuthorization();
  const connect = useConnectAccounts(organization.id);
  const [bucket] = useState(readGooglePlayBucket);
  const [error, setError] = useState<string | null>(null);
  const [verified, setVerified] = useState<VerificationResult | null>(null);
  const back = { to: addSourcePath(organization.slug), label: sourcesMessages.backToAddSource };
  const providerError = searchParams.get('error_description') || searchParams.get('error');
  const code = searchParams.get('code') ?? '';
  const state = searchParams.get('state') ?? '';

  if (providerError !== null && providerError !== '') {
    return <ConnectStatus kind="failure" message={addSourceErrorMessage(providerError)} back={back} />;
  }
  if (code === '' || state === '' || bucket === null) {
    return (
      <ConnectStatus kind="failure" message={sourcesMessages.redirectionError} back={back}>
        <Text size="sm" c="dimmed">
          {sourcesMessages.redirectionErrorHint}
        </Text>
      </ConnectStatus>
    );
  }

  const connectVerified = (result: VerificationResult) => {
    const apps = appsOf(result);
    if (apps.length === 0) {
      setError(sourcesMessages.noAccounts);
      return;
    }
    connect.mutate(
      { credentialsId: result.credentials_id, accounts: apps },
      {
        onSuccess: () => {
          clearGooglePlayBucket();
          goToSources(service.name);
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
  const verifyFailed = verify.isError;

  return (
    <SetupLayout
      slug={organization.slug}
      service={service}
      guide={{ steps: googlePlayGuideSteps, defaultOpen: false }}
    >
      <Stack gap="md">
        {!verifyFailed && (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon radius="xl" color="teal" variant="light" size={32}>
              <IconCheck size={18} />
            </ThemeIcon>
            <Text fw={600}>{sourcesMessages.authorized}</Text>
          </Group>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {sourcesMessages.bucket}
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
            {bucket}
          </Code>
        </Stack>
        {error !== null && <FormError>{error}</FormError>}
        {verifyFailed ? (
          <Button component={Link} to={connectPath(organization.slug, service)} w="fit-content">
            {sourcesMessages.authorizeAgain}
          </Button>
        ) : (
          <Button onClick={save} loading={verify.isPending || connect.isPending} w="fit-content">
            {sourcesMessages.save}
          </Button>
        )}
      </Stack>
    </SetupLayout>
  );
}
