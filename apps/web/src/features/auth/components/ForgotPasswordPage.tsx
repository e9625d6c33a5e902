import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../hooks/usePasswordMutations';
import { forgotPasswordErrorMessage } from '../messages';
import { validateEmail, type EmailValues } from '../schemas';
import { AuthCard, FormError, SuccessCheck } from './AuthCard';

const backToSignIn = (
  <Anchor component={Link} to="/sign-in" fw={600}>
    Back to sign in
  </Anchor>
);

/** /forgot-password (spec 000 §2): request the e-mail with a reset link. */
export function ForgotPasswordPage() {
  const form = useForm<EmailValues>({ initialValues: { email: '' }, validate: validateEmail });
  const request = useRequestPasswordReset();

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your inbox" footer={backToSignIn}>
        <Stack gap="lg" ta="center">
          <SuccessCheck label="Email sent" />
          <Text size="sm" c="dimmed">
            If an account exists for <b>{request.variables}</b>, we have sent it a link to reset the password.
            The link expires after 24 hours.
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.onSubmit((values) => request.mutate(values.email.trim()));

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to reset it."
      footer={backToSignIn}
    >
      <form onSubmit={submit} noValidate aria-label="Request a password reset">
        <FormError message={request.isError ? forgotPasswordErrorMessage(request.error) : null} />
        <Stack gap="lg">
          <TextInput
            label="Email"
            type="email"
            placeholder="you@company.com"
            autoComplete="email"
            size="md"
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            Send email
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
