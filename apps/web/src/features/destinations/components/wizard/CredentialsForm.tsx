import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Destination, DestinationField } from '@maya/contracts';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { credentialsFormSchema } from '../../credentials';

type CredentialsFormProps = {
  destination: Destination;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
};

function sentence(help: string): string {
  return help.charAt(0).toUpperCase() + help.slice(1);
}

/**
 * Step 2 through the form (spec 002 §5): each field shows its help, and 'Match the following
 * format' once a value that does not match its pattern was typed and left. The wizard keeps the
 * values (per destination, for the step's Next) and mounts one form per destination.
 */
export function CredentialsForm({ destination, values, onChange }: CredentialsFormProps) {
  const validate = useMemo(() => zod4Resolver(credentialsFormSchema(destination.form)), [destination.form]);
  const form = useForm<Record<string, string>>({
    initialValues: values,
    validate,
    validateInputOnBlur: true,
    onValuesChange: onChange,
  });

  const input = (field: DestinationField) => {
    const common = {
      label: field.label,
      description: sentence(field.help),
      required: field.default === null,
      // Help under the input keeps the inputs of the two columns level whatever its length.
      inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
        'label' | 'input' | 'description' | 'error'
      )[],
      // Value, change, blur (which checks the field) and its error.
      ...form.getInputProps(field.name),
    };
    if (field.options !== null) {
      return <Select key={field.name} {...common} data={field.options} allowDeselect={false} />;
    }
    return field.secret ? (
      <PasswordInput key={field.name} {...common} autoComplete="new-password" />
    ) : (
      <TextInput key={field.name} {...common} autoComplete="off" spellCheck={false} />
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
      {destination.form.map(input)}
    </SimpleGrid>
  );
}
