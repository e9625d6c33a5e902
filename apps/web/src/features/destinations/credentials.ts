import {
  credentialIssues,
  DESTINATION_FORMAT_HINT,
  formCredentials,
  type Destination,
  type DestinationField,
} from '@maya/contracts';
import { z } from 'zod/mini';

/** The form's starting values: each field's default, or empty. */
export function initialValues(destination: Pick<Destination, 'form'>): Record<string, string> {
  return Object.fromEntries(destination.form.map((field) => [field.name, field.default ?? '']));
}

/**
 * The credentials form of step 2 (spec 002 §5), checked by the contract's rule (`credentialIssues`,
 * the server's too): a field whose value does not match its pattern says 'Match the following
 * format' (its help is shown under it already).
 */
export function credentialsFormSchema(form: readonly DestinationField[]) {
  return z.record(z.string(), z.string()).check(
    z.superRefine((values, context) => {
      for (const issue of credentialIssues(form, values)) {
        context.issues.push({
          code: 'custom',
          path: [issue.field],
          message: DESTINATION_FORMAT_HINT,
          input: values[issue.field],
        });
      }
    }),
  );
}

/** Step 2 is done when every field of the form matches its pattern. */
export function areValid(destination: Pick<Destination, 'form'>, values: Record<string, string>): boolean {
  return credentialIssues(destination.form, values).length === 0;
}

/**
 * The credentials in an uploaded key file (spec 002 §5): a JSON object with every field of the
 * form matching its pattern, reduced to those fields; null when it is not ('The file has invalid
 * format').
 */
export function keyFileCredentials(
  destination: Pick<Destination, 'form'>,
  text: string,
): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  // A field the file lacks must not be filled in from a default: the file is what is checked.
  if (destination.form.some((field) => typeof record[field.name] !== 'string')) return null;
  if (credentialIssues(destination.form, record).length > 0) return null;
  return formCredentials(destination.form, record);
}
