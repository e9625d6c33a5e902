import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Destination, DestinationField } from '@maya/contracts';
import { useState } from 'react';
import { isValidValue } from '../../credentials';
import { destinationsMessages } from '../../messages';

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
 * format' once a value that does not match its pattern was typed and left.
 */
export function CredentialsForm({ destination, values, onChange }: CredentialsFormProps) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());

  const input = (field: DestinationField) => {
    const value = values[field.name] ?? '';
    const invalid = touched.has(field.name) && !isValidValue(field, value);
    const common = {
      label: field.label,
      description: sentence(field.help),
      error: invalid ? destinationsMessages.formatHint : undefined,
      required: field.default === null,
      // Help under the input keeps the inputs of the two columns level whatever its length.
      inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
        'label' | 'input' | 'description' | 'error'
      )[],
      onBlur: () => setTouched((before) => new Set(before).add(field.name)),
    };
    if (field.options !== null) {
      return (
        <Select
          key={field.name}
          {...common}
          data={field.options}
          value={value}
          allowDeselect={false}
          onChange={(next) => onChange({ ...values, [field.name]: next ?? '' })}
        />
      );
    }
    const change = (text: string) => onChange({ ...values, [field.name]: text });
    return field.secret ? (
      <PasswordInput
        key={field.name}
        {...common}
        value={value}
        autoComplete="new-password"
        onChange={(event) => change(event.currentTarget.value)}
      />
    ) : (
      <TextInput
        key={field.name}
        {...common}
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => change(event.currentTarget.value)}
      />
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
      {destination.form.map(input)}
    </SimpleGrid>
  );
}
