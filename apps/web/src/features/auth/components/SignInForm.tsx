import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSignIn } from '../hooks/useSignIn';
import { validateSignIn, type SignInErrors, type SignInValues } from '../validation';

type SignInFormProps = {
  onError: (message: string) => void;
  onAttempt: () => void;
};

/** Email and password form; validates on submit (spec 000 §5), then signs in. */
export function SignInForm({ onError, onAttempt }: SignInFormProps) {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const signIn = useSignIn({ onError });

  const change = (field: keyof SignInValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignIn(values);
    setErrors(found);
    if (found.email !== undefined || found.password !== undefined) return;
    onAttempt();
    signIn.mutate({ email: values.email.trim(), password: values.password });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in with email">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          placeholder="you@company.com"
          autoComplete="email"
          size="md"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            size="md"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
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
