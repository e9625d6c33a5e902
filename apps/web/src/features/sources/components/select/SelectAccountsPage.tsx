import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Organization, VerificationResult } from '@maya/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentOrganization } from '../../../organizations';
import { disabledAccounts, toggleAccount } from '../../accountTree';
import { useConnectAccounts } from '../../hooks/useConnectAccounts';
import { useGoToSources } from '../../hooks/useGoToSources';
import { useServices } from '../../hooks/useServices';
import { useVerifyAuthorization } from '../../hooks/useVerifyAuthorization';
import { selectDescription, sourcesMessages, statusErrorMessage } from '../../messages';
import { addSourcePath, authorizationRedirectPath } from '../../navigation';
import { clearAuthorization, readAuthorization, type PendingAuthorization } from '../../redirectStorage';
import { ConnectStatus } from '../connect/ConnectStatus';
import { FormError } from '../FormError';
import { PageHeader } from '../PageHeader';
import { AccountTreeTable } from './AccountTreeTable';
import { EmptyAccounts } from './EmptyAccounts';

const FACEBOOK_ADS_ID = 'facebook_ads';

/**
 * /organization/:slug/integrations/add (spec 001 §2, §5, §8): verifies the authorization the
 * OAuth callback kept (once: the provider's code is single-use), then lets the user pick the
 * accounts to connect. A single account is connected without asking.
 */
export function SelectAccountsPage() {
  const organization = useCurrentOrganization();
  const [pending] = useState(readAuthorization);
  if (organization === null) return null;
  if (pending === null) {
    return (
      <ConnectStatus
        kind="failure"
        message={sourcesMessages.redirectionError}
        back={{ to: addSourcePath(organization.slug), label: sourcesMessages.backToAddSource }}
      >
        <Text size="sm" c="dimmed">
          {sourcesMessages.redirectionErrorHint}
        </Text>
      </ConnectStatus>
    );
  }
  return <SelectAccounts organization={organization} pending={pending} />;
}

function SelectAccounts({
  organization,
  pending,
}: {
  organization: Organization;
  pending: PendingAuthorization;
}) {
  const navigate = useNavigate();
  const goToSources = useGoToSources(organization.slug);
  const services = useServices();
  const { mutate: verify } = useVerifyAuthorization();
  const connect = useConnectAccounts(organization.id);
  const started = useRef(false);
  const [result, setResult] = useState<VerificationResult | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const { slug } = organization;
  const serviceName =
    services.data?.find((service) => service.uuid === pending.serviceUuid)?.name ?? pending.serviceId;

  const finish = (credentialsId: string, accounts: string[]) => {
    setError(null);
    connect.mutate(
      { credentialsId, accounts },
      {
        onSuccess: () => {
          clearAuthorization();
          goToSources(serviceName);
        },
        onError: (connectError) => {
          console.error('Connecting the accounts failed', connectError);
          setError(sourcesMessages.connectFailed);
        },
      },
    );
  };

  const onVerified = useEffectEvent((verified: VerificationResult) => {
    const [only] = verified.accounts;
    if (verified.single_account && only !== undefined) finish(verified.credentials_id, [only.identifier]);
    else setResult(verified);
  });

  const onVerifyFailed = useEffectEvent((verifyError: unknown) => {
    clearAuthorization();
    void navigate(addSourcePath(slug, statusErrorMessage(verifyError, sourcesMessages.verifyFailed)), {
      replace: true,
    });
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify(
      { organizationId: organization.id, ...pending },
      {
        onSuccess: (verified) => onVerified(verified),
        onError: (verifyError) => onVerifyFailed(verifyError),
      },
    );
  }, [verify, organization.id, pending]);

  if (result === null) {
    if (error !== null) {
      return (
        <ConnectStatus
          kind="failure"
          message={error}
          back={{ to: addSourcePath(slug), label: sourcesMessages.backToAddSource }}
        />
      );
    }
    return <ConnectStatus kind="progress" label={sourcesMessages.loadingAccounts} />;
  }

  const disabled = disabledAccounts(pending.serviceId, selected, result.accounts);
  const submit = () => {
    if (selected.size === 0) {
      setError(sourcesMessages.selectAtLeastOne);
      return;
    }
    finish(result.credentials_id, [...selected]);
  };
  const cancel = () => {
    clearAuthorization();
    void navigate(addSourcePath(slug));
  };

  const empty = result.accounts.length === 0;
  return (
    <Box p={{ base: 0, sm: 'xl' }} maw={900}>
      <PageHeader title={sourcesMessages.selectTitle} description={selectDescription(serviceName)} />
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {empty ? (
          <Box py={48} px="lg">
            <EmptyAccounts
              facebook={pending.serviceId === FACEBOOK_ADS_ID}
              reconnectTo={authorizationRedirectPath(slug, pending.serviceUuid)}
            />
          </Box>
        ) : (
          <AccountTreeTable
            accounts={result.accounts}
            selected={selected}
            disabled={disabled}
            onToggle={(identifier) => {
              setError(null);
              setSelected((current) =>
                toggleAccount(pending.serviceId, current, identifier, result.accounts),
              );
            }}
          />
        )}
      </Paper>
      <Stack gap="md" mt="md">
        {error !== null && <FormError>{error}</FormError>}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {selected.size > 0 ? `${selected.size} selected` : ''}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={cancel} disabled={connect.isPending}>
              {sourcesMessages.cancel}
            </Button>
            {!empty && (
              <Button onClick={submit} loading={connect.isPending}>
                {sourcesMessages.connect}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Box>
  );
}
