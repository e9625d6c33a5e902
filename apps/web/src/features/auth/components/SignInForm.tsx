import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useSignIn } from '../hooks/useSignIn';
import { validateSignIn, type SignInValues } from '../schemas';

type SignInFormProps = {
  onError: (message: string) => void;
  onAttempt: () => void;
};

/** Email and password form; validates on submit with the contract's rules (spec 000 §5), then signs in. */
export function SignInForm({ onError, onAttempt }: SignInFormProps) {
  const form = useForm<SignInValues>({
    initialValues: { email: '', password: '' },
    validate: validateSignIn,
  });
  const signIn = useSignIn({ onError });

  const submit = form.onSubmit((values) => {
    onAttempt();
    signIn.mutate({ email: values.email.trim(), password: values.password });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in with email">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          placeholder="you@company.com"
          autoComplete="email"
          size="md"
          {...form.getInputProps('email')}
        />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            size="md"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" size="md" fullWidth loading={signIn.isPending || signIn.isSuccess}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
