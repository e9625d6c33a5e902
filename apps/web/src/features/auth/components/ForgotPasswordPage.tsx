import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRequestPasswordReset } from '../hooks/usePasswordMutations';
import { forgotPasswordErrorMessage } from '../messages';
import { validateEmail, type EmailValues } from '../schemas';
import { AuthCard, BackToSignIn, DoneCard, FormError } from './AuthCard';
import { EmailAddress } from '../../../shared/ui/EmailAddress';

/** /forgot-password (spec 000 §2): request the e-mail with a reset link. */
export function ForgotPasswordPage() {
  const form = useForm<EmailValues>({ initialValues: { email: '' }, validate: validateEmail });
  const request = useRequestPasswordReset();

  if (request.isSuccess) {
    return (
      <DoneCard title="Check your inbox" label="Email sent">
        <Text size="sm" c="dimmed">
          If an account exists for <EmailAddress email={request.variables} />, we have sent it a link to reset
          the password. The link expires after 24 hours.
        </Text>
      </DoneCard>
    );
  }

  const submit = form.onSubmit((values) => request.mutate(values.email.trim()));

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to reset it."
      footer={<BackToSignIn />}
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
