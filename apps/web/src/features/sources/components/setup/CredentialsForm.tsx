import { Button, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { sourcesMessages } from '../../messages';
import { FormError } from '../FormError';

type CredentialsFormProps = {
  /** The service's name: the form is '{service} setup' to assistive technology. */
  serviceName: string;
  onSave: () => void;
  error: string | null;
  saving: boolean;
  /** False keeps Save disabled (spec 001 §5: until the required fields are filled). */
  canSave?: boolean;
  children: ReactNode;
};

/** A setup screen's form: its fields, the error of the last Save, and Save. */
export function CredentialsForm({
  serviceName,
  onSave,
  error,
  saving,
  canSave = true,
  children,
}: CredentialsFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form onSubmit={submit} aria-label={`${serviceName} setup`} noValidate>
      <Stack gap="md">
        {children}
        {error !== null && <FormError>{error}</FormError>}
        <Button type="submit" disabled={!canSave} loading={saving} w="fit-content">
          {sourcesMessages.save}
        </Button>
      </Stack>
    </form>
  );
}
