import { CreateOrganizationSchema } from '@maya/contracts';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { IconBulb } from '../../../shared/ui/icons';
import { organizationMessages } from '../messages';

type CreateOrganizationFormProps = {
  onSubmit: (name: string) => void;
  onCancel: () => void;
  submitting: boolean;
  cancelling: boolean;
  failed: boolean;
};

/** Name, the one-organization-per-brand tip, 'Cancel' and 'Continue' (spec 000 §2). */
export function CreateOrganizationForm({
  onSubmit,
  onCancel,
  submitting,
  cancelling,
  failed,
}: CreateOrganizationFormProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '' },
    validate: zod4Resolver(CreateOrganizationSchema),
    validateInputOnBlur: false,
  });

  return (
    <form
      noValidate
      aria-label="Create organization"
      onSubmit={form.onSubmit((values) => onSubmit(values.name.trim()))}
    >
      <Stack gap="lg">
        <TextInput
          label="Organization name"
          placeholder="e.g. Acme Shoes"
          size="md"
          autoComplete="organization"
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Group
          gap="sm"
          wrap="nowrap"
          align="flex-start"
          p="sm"
          bg="indigo.0"
          c="indigo.9"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <IconBulb size={20} style={{ flexShrink: 0, marginTop: 1 }} />
          <Text size="sm">{organizationMessages.tip}</Text>
        </Group>
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {organizationMessages.createFailed}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onCancel} loading={cancelling} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" size="md" loading={submitting} disabled={cancelling}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
