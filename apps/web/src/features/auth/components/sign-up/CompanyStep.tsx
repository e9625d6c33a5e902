import { Alert, Stack, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { HOW_FOUND_OPTIONS, type SignUpFlow } from '../../hooks/useSignUpFlow';
import { providerLabel } from '../../messages';
import { FuzzySelect } from '../FuzzySelect';
import { GoogleIcon, MicrosoftIcon } from '../../../../shared/ui/brandIcons';

type CompanyStepProps = { flow: SignUpFlow };

/** Step 2, company info (spec 000 §2): company name, position and how the user found us. */
export function CompanyStep({ flow }: CompanyStepProps) {
  const { form, provider } = flow;
  const companyName = form.getInputProps('company_name');
  return (
    <Stack gap="md">
      {provider !== null && (
        <Alert
          variant="light"
          color="indigo"
          icon={provider.provider === 'google' ? <GoogleIcon /> : <MicrosoftIcon />}
        >
          You are signing up with your {providerLabel(provider.provider)} account.
        </Alert>
      )}
      <TextInput
        label="Company name"
        placeholder="Acme Inc."
        autoComplete="organization"
        size="md"
        {...companyName}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          flow.onCompanyNameTyped(event.currentTarget.value);
          (companyName.onChange as (event: ChangeEvent<HTMLInputElement>) => void)(event);
        }}
      />
      <FuzzySelect
        label="Position"
        placeholder="Search or pick your position"
        options={flow.positions}
        value={form.values.company_position}
        onChange={(value) => form.setFieldValue('company_position', value)}
        error={form.errors.company_position}
      />
      <FuzzySelect
        label="How did you find us?"
        placeholder="Pick an answer (optional)"
        options={HOW_FOUND_OPTIONS}
        value={form.values.how_found}
        onChange={(value) => form.setFieldValue('how_found', value)}
        error={form.errors.how_found}
      />
    </Stack>
  );
}
