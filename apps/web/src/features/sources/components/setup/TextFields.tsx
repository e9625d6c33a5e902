import { TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export type TextField<Name extends string> = { name: Name; label: string; placeholder?: string };

/**
 * The typed-in credentials of a setup form (ids, keys): one text input each, no autocomplete nor
 * spell check. Answers the inputs, the values trimmed, and whether every field is filled.
 */
export function useTextFields<Name extends string>(
  fields: readonly TextField<Name>[],
): { inputs: ReactNode; values: Record<Name, string>; complete: boolean } {
  const [raw, setRaw] = useState<Partial<Record<Name, string>>>({});
  const values = Object.fromEntries(
    fields.map((field) => [field.name, (raw[field.name] ?? '').trim()]),
  ) as Record<Name, string>;
  const inputs = fields.map((field) => (
    <TextInput
      key={field.name}
      label={field.label}
      placeholder={field.placeholder}
      value={raw[field.name] ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setRaw((current) => ({ ...current, [field.name]: value }));
      }}
      autoComplete="off"
      spellCheck={false}
    />
  ));
  return { inputs, values, complete: fields.every((field) => values[field.name] !== '') };
}
