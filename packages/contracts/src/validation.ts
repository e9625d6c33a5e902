import { z } from 'zod/mini';
import { messages } from './messages';

export { messages } from './messages';

/** A text field's length cap, said as a person would ('At most 100 characters'). */
export const atMostCharacters = (max: number) => z.maxLength(max, `At most ${max} characters`);

/** A local part as mail servers take it: no dot at either end, none twice in a row, no quoting. */
const LOCAL_PART = /^(?!\.)(?!.*\.\.)[^\s@"(),:;<>[\]\\]{1,64}(?<!\.)$/u;
/** A domain label: letters, digits, hyphens and underscores, no hyphen at either end. */
const DOMAIN_LABEL = /^[\p{L}\p{N}_](?:[\p{L}\p{N}_-]{0,61}[\p{L}\p{N}_])?$/u;

/**
 * Whether a mail server would take the address (RFC 5321, as SMTP servers check it): one at sign,
 * a local part of at most 64 characters, labels separated by single dots, 253 characters in all.
 * An address the spec's rule lets through but no server takes answered 500 after the account or
 * invitation it was for had been stored.
 */
export function isDeliverableEmail(email: string): boolean {
  const parts = email.split('@');
  if (parts.length !== 2 || email.length > 253) return false;
  const [local = '', domain = ''] = parts;
  return LOCAL_PART.test(local) && domain.split('.').every((label) => DOMAIN_LABEL.test(label));
}

/**
 * Non-space text, an at sign, non-space text (spec 000 §5), and an address a mail server takes
 * (with the spec's message: the form says the same for both).
 */
export const emailSchema = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(254, messages.email),
      z.regex(/^\S+@\S+$/, messages.email),
      z.refine(isDeliverableEmail, messages.email),
    ),
  z.transform((email) => email.toLowerCase()),
);

/**
 * An ISO date-time that PostgreSQL can store: years 1 to 9999 in UTC. ISO 8601 has a year 0000,
 * PostgreSQL has none (a query with it failed with SQLSTATE 22008).
 */
export const storableDateTimeSchema = (options: { offset?: boolean } = {}) =>
  z.iso.datetime(options).check(
    z.refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1 && year <= 9999;
    }, 'A date from year 1 to 9999'),
  );

/** Sign-in and reset only require a non-empty password; new passwords follow the policy. */
export const passwordSchema = z
  .string()
  .check(z.minLength(1, messages.password), z.maxLength(128, messages.passwordTooLong));

export const PASSWORD_MIN_LENGTH = 8;

/** Our policy for new passwords (the spec hides it): 8 to 128 characters; the server also refuses common ones. */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(1, messages.password),
    z.minLength(PASSWORD_MIN_LENGTH, messages.passwordTooShort),
    z.maxLength(128, messages.passwordTooLong),
  );

/** Names start with at least two letters (spec 000 §5). */
const startsWithTwoLetters = /^\s*\p{L}{2}/u;
export const firstNameSchema = z
  .string()
  .check(z.trim(), atMostCharacters(100), z.regex(startsWithTwoLetters, messages.firstName));
export const lastNameSchema = z
  .string()
  .check(z.trim(), atMostCharacters(100), z.regex(startsWithTwoLetters, messages.lastName));

/** At least two non-space characters (spec 000 §5). */
const twoNonSpace = (message: string) =>
  z.string().check(
    z.trim(),
    atMostCharacters(200),
    z.refine((value) => value.replace(/\s/g, '').length >= 2, message),
  );
export const companyNameSchema = twoNonSpace(messages.companyName);
export const companyPositionSchema = twoNonSpace(messages.position);

export const organizationNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, messages.organizationName), atMostCharacters(100));
