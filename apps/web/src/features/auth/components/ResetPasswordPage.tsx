import { PASSWORD_MIN_LENGTH } from '@maya/contracts';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../hooks/usePasswordMutations';
import { authMessages, resetPasswordErrorMessage, weakPasswordMessage } from '../messages';
import { validateResetPassword, type NewPasswordValues } from '../schemas';
import { AuthCard, FormError, SuccessCheck } from './AuthCard';

const backToSignIn = (
  <Anchor component={Link} to="/sign-in" fw={600}>
    Back to sign in
  </Anchor>
);

function ResetPasswordForm({ requestId, email }: { requestId: string; email: string }) {
  const form = useForm<NewPasswordValues>({
    initialValues: { new_password: '' },
    validate: validateResetPassword,
  });
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password reset" footer={backToSignIn}>
        <Stack gap="lg" ta="center">
          <SuccessCheck label="Password reset" />
          <Text size="sm" c="dimmed">
            Your password has been changed. You can now sign in with it.
          </Text>
          <Button component={Link} to="/sign-in" size="md" fullWidth>
            Sign in
          </Button>
        </Stack>
      </AuthCard>
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
    <AuthCard title="Set a new password" subtitle={`For ${email}`} footer={backToSignIn}>
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
        footer={backToSignIn}
      >
        <Button component={Link} to="/forgot-password" size="md" fullWidth variant="light">
          Request a new link
        </Button>
      </AuthCard>
    );
  }
  return <ResetPasswordForm requestId={requestId} email={email} />;
}
