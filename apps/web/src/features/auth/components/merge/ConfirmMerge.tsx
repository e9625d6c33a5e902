import type { MergeRequestResponse } from '@maya/contracts';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFinishMerge } from '../../hooks/useFinishMerge';
import { useMergeAccounts, useMergeRequest } from '../../hooks/useMerge';
import { useProviderSignIn } from '../../hooks/useProviderSignIn';
import { authMessages, mergeErrorMessage, providerLabel, type AuthProvider } from '../../messages';
import { AuthCard, FormError } from '../AuthCard';
import { EmailAddress } from '../../../../shared/ui/EmailAddress';

type ConfirmMergeProps = { email: string; requestId: string; provider: AuthProvider; isMona: boolean };

const BackToSignIn = () => (
  <Button component={Link} to="/sign-in" size="md" fullWidth variant="default">
    Back
  </Button>
);

function ProviderAccount({ request, provider }: { request: MergeRequestResponse; provider: AuthProvider }) {
  const identity = request.identity;
  if (identity === null) return null;
  const label = providerLabel(provider);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      aria-label={`The ${label} account to link`}
    >
      <Text size="xs" fw={700} c="gray.7" tt="uppercase" lts={0.5} mb={6}>
        {label} account
      </Text>
      <Text fw={600}>{identity.name === '' ? identity.email : identity.name}</Text>
      <Text size="sm" c="gray.7">
        <EmailAddress email={identity.email} bold={false} />
      </Text>
      <Group gap="xs" mt="xs">
        {identity.email_verified ? (
          <Badge color="teal" variant="light">
            Verified by {label}
          </Badge>
        ) : (
          <Badge color="orange" variant="light">
            Not verified by {label}
          </Badge>
        )}
        <Text size="xs" c="gray.7">
          Asked {new Date(identity.requested_at).toLocaleString()}
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * The e-mailed link for adding Google or Microsoft (spec 000 §2, made safe by issue 22): the page
 * shows which account would be linked and links it only when the owner confirms; anyone could
 * have started the request, so nothing happens by merely opening the link. After confirming it
 * shows 'Redirecting...' while it signs in — with the provider token if this tab holds it,
 * otherwise through the provider, which now finds the merged account.
 */
export function ConfirmMerge({ email, requestId, provider, isMona }: ConfirmMergeProps) {
  const request = useMergeRequest(requestId, email);
  const merge = useMergeAccounts();
  const { finish, hasProviderToken } = useFinishMerge();
  const providerSignIn = useProviderSignIn(provider, { onError: () => undefined });
  const label = providerLabel(provider);

  const decide = (decision: 'confirm' | 'decline') =>
    merge.mutate(
      { request_id: requestId, email, ...(decision === 'confirm' ? { confirm: true } : { decline: true }) },
      {
        onSuccess: ({ is_merged }) => {
          if (!is_merged) return;
          if (hasProviderToken(provider)) finish({ email, provider, isMona });
          else providerSignIn.start();
        },
      },
    );

  if (request.isPending) {
    return (
      <AuthCard title="Checking the merge link">
        <Center>
          <Loader aria-label="Checking the merge link" />
        </Center>
      </AuthCard>
    );
  }
  const failure = request.isError ? request.error : merge.isError ? merge.error : null;
  if (failure !== null) {
    return (
      <AuthCard title="We could not merge your accounts">
        <Stack gap="lg">
          <FormError message={mergeErrorMessage(failure)} mb={0} />
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }
  if (merge.isSuccess && !merge.data.is_merged) {
    return (
      <AuthCard title="Nothing was linked" subtitle={`Your account keeps the sign-in methods it had.`}>
        <Stack gap="lg">
          <Text size="sm" c="gray.7">
            If you did not ask for this, someone may be trying to use your e-mail address. Your password and
            sign-in methods are unchanged.
          </Text>
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }
  if (merge.isSuccess || merge.isPending) {
    return (
      <AuthCard title={authMessages.redirecting} subtitle="Merging your accounts and signing you in.">
        <Center>
          <Loader aria-label="Merging accounts" />
        </Center>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      maw={460}
      title={`Add ${label} sign-in to your account?`}
      subtitle={
        <>
          Whoever holds this {label} account will be able to sign in to <EmailAddress email={email} />.
        </>
      }
    >
      <Stack gap="lg">
        {request.data !== undefined && <ProviderAccount request={request.data} provider={provider} />}
        <Text size="sm" c="gray.7">
          Confirm only if this is your own {label} account and you asked to add it.
        </Text>
        <Button size="md" fullWidth onClick={() => decide('confirm')}>
          Yes, link this account
        </Button>
        <Button size="md" fullWidth variant="default" onClick={() => decide('decline')}>
          No, this is not mine
        </Button>
      </Stack>
    </AuthCard>
  );
}
