import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, type ReactNode } from 'react';
import type { z } from 'zod/mini';

export type TextField<Name extends string> = { name: Name; label: string; placeholder?: string };

/**
 * The typed-in credentials of a setup form (ids, keys) through @mantine/form, checked by the
 * contract's schema of the request they are sent in: one text input each, no autocomplete nor
 * spell check. Answers the inputs, the values trimmed, and whether they pass the schema (every
 * field filled: until then Save stays disabled or says so, spec 001 §5).
 */
export function useTextFields<Name extends string>(
  fields: readonly TextField<Name>[],
  schema: z.ZodMiniType<Record<Name, string>>,
): { inputs: ReactNode; values: Record<Name, string>; complete: boolean } {
  const validate = useMemo(() => zod4Resolver(schema), [schema]);
  const form = useForm<Record<Name, string>>({
    initialValues: Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<Name, string>,
    validate,
    transformValues: (raw) =>
      Object.fromEntries(fields.map((field) => [field.name, raw[field.name].trim()])) as Record<Name, string>,
  });
  const inputs = fields.map((field) => (
    <TextInput
      key={field.name}
      label={field.label}
      placeholder={field.placeholder}
      {...form.getInputProps(field.name)}
      autoComplete="off"
      spellCheck={false}
    />
  ));
  return { inputs, values: form.getTransformedValues(), complete: form.isValid() };
}
