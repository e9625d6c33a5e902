import { PASSWORD_MIN_LENGTH } from '@maya/contracts';
import { Divider, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { SignUpFlow } from '../../hooks/useSignUpFlow';
import { ProviderButtons } from '../ProviderButtons';

type AccountStepProps = { flow: SignUpFlow };

/** Step 1, account info (spec 000 §2): providers, or names, e-mail and password. */
export function AccountStep({ flow }: AccountStepProps) {
  const { form } = flow;
  return (
    <Stack gap="md">
      <ProviderButtons verb="Sign up" onError={flow.showError} onAttempt={flow.dismissError} />
      <Divider my={4} label="or sign up with email" labelPosition="center" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="First name"
          placeholder="Ada"
          autoComplete="given-name"
          size="md"
          {...form.getInputProps('first_name')}
        />
        <TextInput
          label="Last name"
          placeholder="Lovelace"
          autoComplete="family-name"
          size="md"
          {...form.getInputProps('last_name')}
        />
      </SimpleGrid>
      <TextInput
        label="Work email"
        type="email"
        placeholder="you@company.com"
        autoComplete="email"
        size="md"
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Password"
        placeholder="Create a password"
        description={`Use at least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autoComplete="new-password"
        size="md"
        {...form.getInputProps('password')}
      />
    </Stack>
  );
}
