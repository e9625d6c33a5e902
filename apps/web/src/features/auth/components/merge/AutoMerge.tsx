import { Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useFinishMerge } from '../../hooks/useFinishMerge';
import { useMergeAccounts } from '../../hooks/useMerge';
import { useProviderSignIn } from '../../hooks/useProviderSignIn';
import { authMessages, mergeErrorMessage, type AuthProvider } from '../../messages';
import { AuthCard, FormError } from '../AuthCard';

type AutoMergeProps = { email: string; requestId: string; provider: AuthProvider; isMona: boolean };

/**
 * The e-mailed link for adding Google or Microsoft (spec 000 §2): merges at once and shows
 * 'Redirecting...' while it signs in — with the provider token if this tab holds it, otherwise
 * through the provider, which now finds the merged account — or the error with a Back button.
 */
export function AutoMerge({ email, requestId, provider, isMona }: AutoMergeProps) {
  const merge = useMergeAccounts();
  const { finish, hasProviderToken } = useFinishMerge();
  const providerSignIn = useProviderSignIn(provider, { onError: () => undefined });
  const started = useRef(false);
  const { mutate } = merge;
  const canSignInHere = hasProviderToken(provider);
  const { start: signInThroughProvider } = providerSignIn;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(
      { request_id: requestId, email },
      {
        onSuccess: () => {
          if (canSignInHere) finish({ email, provider, isMona });
          else signInThroughProvider();
        },
      },
    );
  }, [mutate, requestId, email, provider, isMona, canSignInHere, finish, signInThroughProvider]);

  if (!merge.isError) {
    return (
      <AuthCard title={authMessages.redirecting} subtitle="Merging your accounts and signing you in.">
        <Center>
          <Loader aria-label="Merging accounts" />
        </Center>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="We could not merge your accounts">
      <Stack gap="lg">
        <FormError message={mergeErrorMessage(merge.error)} mb={0} />
        <Button component={Link} to="/sign-in" size="md" fullWidth variant="default">
          Back
        </Button>
      </Stack>
    </AuthCard>
  );
}
