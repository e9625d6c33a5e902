import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError, NETWORK_ERROR } from '../../../shared/api/ApiError';
import { useHydrated } from '../../../shared/hooks/useHydrated';
import { whenIdle } from '../../../shared/lib/idle';
import { useSignIn } from '../hooks/useSignIn';
import { signInErrorMessage } from '../messages';
import type { SignInValues, validateSignIn } from '../schemas';

/**
 * The form's rules (the contract's schema, so zod) load once the page is drawn, not with it
 * (decision 410): fetched when the browser is idle, or at the latest on submit, which waits for them.
 */
let rules: typeof validateSignIn | null = null;
function loadRules(): Promise<unknown> {
  return Promise.all([import('../schemas'), import('../../../shared/lib/zodMessages')]).then(([module]) => {
    rules = module.validateSignIn;
  });
}

type SignInFormProps = {
  onError: (message: string) => void;
  onAttempt: () => void;
};

type Field = keyof SignInValues;

const FORM_LABEL = 'Sign in with email';

/**
 * What the visitor typed, or a password manager filled in, on the page the build drew (decision
 * 815) before the app's script took it over: the form starts from it, where starting empty would
 * clear the fields under the visitor's eyes. Read once, as the form first renders; empty anywhere
 * else (a navigation to this page, or no page drawn yet).
 */
function typedBeforeHydration(field: Field): string {
  // No document when the build draws the page.
  const input = globalThis.document?.querySelector<HTMLInputElement>(
    `[aria-label="${FORM_LABEL}"] [name=${field}]`,
  );
  return input?.value ?? '';
}

/**
 * The form's values and errors as `@mantine/form` keeps them for the other forms (an error shows
 * under its field and goes as the field changes), in the component: the sign-in page draws
 * without `@mantine/form` (decision 703).
 */
function useSignInFields() {
  const [values, setValues] = useState<SignInValues>(() => ({
    email: typedBeforeHydration('email'),
    password: typedBeforeHydration('password'),
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, ReactNode>>>({});
  const inputProps = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
    },
  });
  return { values, setErrors, inputProps };
}

/** Email and password form; validates on submit with the contract's rules (spec 000 §5), then signs in. */
export function SignInForm({ onError, onAttempt }: SignInFormProps) {
  const { values, setErrors, inputProps } = useSignInFields();
  const signIn = useSignIn({ onError });
  const hydrated = useHydrated();
  useEffect(() => whenIdle(() => void loadRules().catch(() => {})), []);

  const validateAndSignIn = () => {
    const errors = rules?.(values) ?? {};
    setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    onAttempt();
    signIn.mutate({ email: values.email.trim(), password: values.password });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rules !== null) validateAndSignIn();
    else {
      // The rules could not be fetched: as unreachable as the sign-in itself would be.
      const unreachable = () => onError(signInErrorMessage(new ApiError({ status: 0, type: NETWORK_ERROR })));
      void loadRules().then(() => validateAndSignIn(), unreachable);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={FORM_LABEL}>
      <Stack gap="md">
        <TextInput
          label="Email"
          name="email"
          type="email"
          placeholder="you@company.com"
          autoComplete="email"
          size="md"
          {...inputProps('email')}
        />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            name="password"
            placeholder="Your password"
            autoComplete="current-password"
            size="md"
            {...inputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={!hydrated}
          loading={signIn.isPending || signIn.isSuccess}
        >
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
