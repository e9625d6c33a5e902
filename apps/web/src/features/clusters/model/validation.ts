import { clusterMessages, ClusterColumnInputSchema, type ClusterField } from '@maya/contracts';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod/mini';
import type { ColumnFormValues } from './rules';

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** spec 001 §5: a numeric field's value is empty or a number. */
export function isNumberOrEmpty(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || NUMBER.test(trimmed);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The editor's form rule: the contract's column input, a name no other column of the category has
 * ('Duplicate column name'), and for numeric fields an empty or numeric value ('Please enter a
 * number'), each at the input it concerns (spec 001 §5).
 */
export function columnFormSchema(fields: readonly ClusterField[], otherNames: readonly string[]) {
  const numeric = new Set(fields.filter((field) => field.type !== 'other').map((field) => field.id));
  return z.custom<ColumnFormValues>().check(
    z.superRefine((form, ctx) => {
      if (otherNames.some((name) => sameName(name, form.name))) {
        ctx.addIssue({
          code: 'custom',
          path: ['name'],
          message: clusterMessages.duplicateColumnName,
          input: form.name,
        });
      }
      form.values.forEach((set, i) =>
        set.rules.forEach((rule, j) => {
          if (numeric.has(rule.field) && !isNumberOrEmpty(rule.value)) {
            ctx.addIssue({
              code: 'custom',
              path: ['values', i, 'rules', j, 'value'],
              message: clusterMessages.enterNumber,
              input: rule.value,
            });
          }
        }),
      );
      const name = ClusterColumnInputSchema.shape.name.safeParse(form.name);
      for (const issue of name.success ? [] : name.error.issues.slice(0, 1)) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: issue.message, input: form.name });
      }
    }),
  );
}

export type ColumnValidator = (values: ColumnFormValues) => FormErrors;

export function columnValidator(
  fields: readonly ClusterField[],
  otherNames: readonly string[],
): ColumnValidator {
  return zod4Resolver(columnFormSchema(fields, otherNames), { errorPriority: 'first' });
}
