import { accounts } from '@maya/contracts';
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStartSession } from '../hooks/useStartSession';
import { useTimedFlag } from '../hooks/useTimedFlag';
import { useRequestVerificationEmail, useVerifyEmail } from '../hooks/useVerification';
import { authMessages, verifyEmailErrorMessage } from '../messages';
import { DESTINATIONS_STATE } from '../navigation';
import { AuthCard, FormError } from './AuthCard';
import { EmailAddress } from '../../../shared/ui/EmailAddress';

/** 'resend' and its 5-second confirmation (spec 000 §2, §9). */
function ResendVerification({ email }: { email: string }) {
  const resend = useRequestVerificationEmail();
  const [sent, showSent] = useTimedFlag(accounts.confirmationVisibleMs);
  return (
    <Stack gap="xs" align="center">
      {sent && (
        <Alert color="teal" variant="light" w="100%" role="status">
          {authMessages.verificationEmailSent}
        </Alert>
      )}
      {resend.isError && (
        <Text size="sm" c="red" role="alert">
          {authMessages.somethingWentWrong}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Didn&apos;t get the e-mail?{' '}
        <Anchor
          component="button"
          type="button"
          fw={600}
          disabled={resend.isPending}
          onClick={() => resend.mutate(email, { onSuccess: showSent })}
        >
          resend
        </Anchor>
      </Text>
    </Stack>
  );
}

/** Verifies the e-mailed link's request once, then goes to / with the destinations flag. */
function AutoVerify({ requestId, email }: { requestId: string; email: string }) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const verify = useVerifyEmail();
  const started = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(
      { request_id: requestId, email },
      {
        onSuccess: ({ token, setPasswordRequestId }) => {
          if (setPasswordRequestId !== null) {
            const search = new URLSearchParams({ id: setPasswordRequestId, email, verified: '1' });
            void navigate(`/reset-password?${search.toString()}`, { replace: true });
            return;
          }
          if (token !== null) startSession(token);
          void navigate('/', { replace: true, state: DESTINATIONS_STATE });
        },
      },
    );
  }, [mutate, requestId, email, startSession, navigate]);

  if (!verify.isError) {
    return (
      <AuthCard title="Verifying your email" subtitle="This takes a moment.">
        <Center>
          <Loader aria-label="Verifying" />
        </Center>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="We could not verify your email">
      <Stack gap="lg">
        <FormError message={verifyEmailErrorMessage(verify.error)} mb={0} />
        <Button component={Link} to="/sign-in" size="md" fullWidth variant="default">
          Back
        </Button>
        <ResendVerification email={email} />
      </Stack>
    </AuthCard>
  );
}

/** /verify-email?email= (spec 000 §2 Verify email); with request_id it verifies automatically. */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  const requestId = searchParams.get('request_id')?.trim() ?? '';

  if (requestId !== '' && email !== '') return <AutoVerify requestId={requestId} email={email} />;

  return (
    <AuthCard
      title="Verify your email"
      subtitle={
        email === '' ? (
          'We sent you a verification link. Open it to activate your account.'
        ) : (
          <>
            We sent a verification link to <EmailAddress email={email} />. Open it to activate your account.
          </>
        )
      }
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed" ta="center">
          The link expires after {accounts.verificationLinkValidityHours} hours. Check your spam folder if you
          cannot find it.
        </Text>
        <Button size="md" fullWidth onClick={() => void navigate('/', { state: DESTINATIONS_STATE })}>
          I verified my E-mail
        </Button>
        <Button component={Link} to="/sign-in" size="md" fullWidth variant="default">
          Back
        </Button>
        {email !== '' && <ResendVerification email={email} />}
      </Stack>
    </AuthCard>
  );
}
