import { accounts, type Provider } from '@maya/contracts';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useFinishMerge } from '../../hooks/useFinishMerge';
import { useMergeStatus, useRequestMergeEmail } from '../../hooks/useMerge';
import { useTimedFlag } from '../../hooks/useTimedFlag';
import { authMessages, providerLabel } from '../../messages';
import type { MergeQuery } from '../../navigation';
import { AuthCard, FormError } from '../AuthCard';
import { SignInMethods } from './SignInMethods';
import { EmailAddress } from '../../../../shared/ui/EmailAddress';

type MergeInstructionsProps = { query: MergeQuery; provider: Provider };

function methodName(provider: Provider): string {
  return provider === 'maya' ? 'a password' : `${providerLabel(provider)} sign-in`;
}

/**
 * The merge screen reached from a refused sign-in (spec 000 §2, §4): e-mails the merge link, then
 * polls every 3 s until the accounts are merged and signs in.
 */
export function MergeInstructions({ query, provider }: MergeInstructionsProps) {
  const { email, isMona, methods } = query;
  const target = { email, provider };
  const requestEmail = useRequestMergeEmail();
  const [requested, setRequested] = useState(false);
  const [notYet, setNotYet] = useState(false);
  const [sent, showSent] = useTimedFlag(accounts.confirmationVisibleMs);
  const { finish, finishing } = useFinishMerge();
  const status = useMergeStatus(target, { enabled: requested && !finishing, afterPasswordSet: false });
  const { mutate: send } = requestEmail;

  const markSent = useCallback(() => {
    setRequested(true);
    showSent();
  }, [showSent]);
  const request = () => send(target, { onSuccess: markSent });

  // Opening this page sends nothing by itself (a link to it must not mail anyone): the visitor
  // asks for the e-mail, then may resend it.
  const merged = status.data?.is_merged === true;
  useEffect(() => {
    if (merged) finish({ email, provider, isMona });
  }, [merged, finish, email, provider, isMona]);

  const checkNow = async () => {
    setNotYet(false);
    const result = await status.refetch();
    if (result.data?.is_merged !== true) setNotYet(true);
  };

  return (
    <AuthCard
      maw={460}
      title="Merge your accounts"
      subtitle={
        <>
          <EmailAddress email={email} /> already has an account. To add {methodName(provider)} to it, we
          e-mail its owner a link to confirm.
        </>
      }
    >
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5} mb="sm">
            Ways to sign in today
          </Text>
          <SignInMethods methods={methods} />
        </Paper>
        <Text size="sm" c="dimmed" ta="center">
          The link in the e-mail expires after {accounts.mergeLinkValidityHours} hours. This page continues by
          itself once the accounts are merged.
        </Text>
        {sent && (
          <Alert color="teal" variant="light" role="status">
            {authMessages.mergeEmailSent}
          </Alert>
        )}
        <FormError message={requestEmail.isError ? authMessages.somethingWentWrong : null} mb={0} />
        {notYet && !merged && (
          <Alert color="yellow" variant="light" role="status">
            {authMessages.mergeNotYet}
          </Alert>
        )}
        {requested ? (
          <Button
            size="md"
            fullWidth
            onClick={() => void checkNow()}
            loading={status.isFetching || finishing}
          >
            I merged the accounts
          </Button>
        ) : (
          <Button size="md" fullWidth onClick={request} loading={requestEmail.isPending}>
            Send the merge e-mail
          </Button>
        )}
        <Group grow gap="sm">
          <Button component={Link} to="/sign-in" size="md" variant="default">
            Back
          </Button>
          {requested && (
            <Button size="md" variant="light" onClick={request} loading={requestEmail.isPending}>
              Resend
            </Button>
          )}
        </Group>
      </Stack>
    </AuthCard>
  );
}
