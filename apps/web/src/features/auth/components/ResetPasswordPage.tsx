import { PASSWORD_MIN_LENGTH } from '@maya/contracts';
import { Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import { keepEmailsWhole } from '../../../shared/ui/EmailAddress';
import { useRequestPasswordReset, useResetLink, useResetPassword } from '../hooks/usePasswordMutations';
import {
  authMessages,
  forgotPasswordErrorMessage,
  resetPasswordErrorMessage,
  weakPasswordMessage,
} from '../messages';
import { validateResetPassword, type NewPasswordValues } from '../schemas';
import { AuthCard, BackToSignIn, DoneCard, FormError } from './AuthCard';

/**
 * A link the server no longer knows (used, expired, superseded or made up: its 404): no form that
 * cannot work, but the offer to mail a new link to the same address (decision 176).
 */
function UnusableResetLink({ email }: { email: string }) {
  const request = useRequestPasswordReset();
  if (request.isSuccess) {
    return (
      <DoneCard title="Check your inbox" label="Email sent">
        <Text size="sm" c="dimmed">
          {keepEmailsWhole(authMessages.newResetLinkSent(email))}
        </Text>
      </DoneCard>
    );
  }
  return (
    <AuthCard
      title={authMessages.couldNotResetPassword}
      subtitle={authMessages.resetLinkUnusable}
      footer={<BackToSignIn />}
    >
      <Stack gap="lg">
        <FormError message={request.isError ? forgotPasswordErrorMessage(request.error) : null} />
        <Button size="md" fullWidth loading={request.isPending} onClick={() => request.mutate(email)}>
          {authMessages.sendNewResetLink}
        </Button>
      </Stack>
    </AuthCard>
  );
}

/**
 * `verified`: arrived from a verification link opened in another browser than the one that signed
 * up; the password chosen at sign-up was not kept, so the owner chooses one now.
 */
function ResetPasswordForm({
  requestId,
  email,
  verified,
}: {
  requestId: string;
  email: string;
  verified: boolean;
}) {
  const form = useForm<NewPasswordValues>({
    initialValues: { new_password: '' },
    validate: validateResetPassword,
  });
  const reset = useResetPassword();
  // Asked on arrival, so a used or bogus link says so before a password is typed (decision 240).
  const link = useResetLink(requestId, email);
  const unusable = (error: unknown) => isApiError(error) && error.status === 404;

  if (unusable(link.error) || (reset.isError && unusable(reset.error))) {
    return <UnusableResetLink email={email} />;
  }
  if (link.isPending) {
    return (
      <AuthCard title={verified ? 'Choose your password' : 'Set a new password'} footer={<BackToSignIn />}>
        <Stack align="center" py="md">
          <Loader size="sm" aria-label="Checking the link" />
        </Stack>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <DoneCard title="Password reset" label="Password reset">
        <Text size="sm" c="dimmed">
          Your password has been changed. You can now sign in with it.
        </Text>
        <Button component={Link} to="/sign-in" size="md" fullWidth>
          Sign in
        </Button>
      </DoneCard>
    );
  }

  const submit = form.onSubmit((values) =>
    reset.mutate(
      { new_password: values.new_password, request_id: requestId, email },
      {
        onError: (error) => {
          const weak = weakPasswordMessage(error);
          if (weak !== null) form.setFieldError('new_password', weak);
        },
      },
    ),
  );
  const failure =
    reset.isError && weakPasswordMessage(reset.error) === null
      ? resetPasswordErrorMessage(reset.error)
      : null;

  return (
    <AuthCard
      title={verified ? 'Choose your password' : 'Set a new password'}
      subtitle={
        verified
          ? `${email} is verified. For your safety, the password chosen when the account was created in another browser was not kept.`
          : `For ${email}`
      }
      footer={<BackToSignIn />}
    >
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <FormError message={failure} />
        <Stack gap="lg">
          <PasswordInput
            label="New password"
            placeholder="Your new password"
            description={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            size="md"
            {...form.getInputProps('new_password')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** /reset-password?id=&email= (spec 000 §2): both are required, else 'Wrong url'. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const requestId = searchParams.get('id')?.trim() ?? '';
  const email = searchParams.get('email')?.trim() ?? '';

  if (requestId === '' || email === '') {
    return (
      <AuthCard
        title={authMessages.wrongUrl}
        subtitle="This password reset link is incomplete. Open the link from the e-mail again, or ask for a new one."
        footer={<BackToSignIn />}
      >
        <Button component={Link} to="/forgot-password" size="md" fullWidth variant="light">
          Request a new link
        </Button>
      </AuthCard>
    );
  }
  return (
    <ResetPasswordForm requestId={requestId} email={email} verified={searchParams.get('verified') === '1'} />
  );
}
