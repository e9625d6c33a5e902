import { z } from 'zod/mini';

/**
 * Field rules of spec 000 §5 with their messages verbatim, shared by the server's request
 * schemas and the web forms, so the same input is accepted or refused on both sides.
 */
export const messages = {
  email: 'Please enter a valid email address',
  password: 'Please enter a valid password',
  firstName: 'Please enter your Firstname',
  lastName: 'Please enter your Last name',
  companyName: 'Please enter a valid company name',
  position: 'Please enter a valid position',
  acceptTerms: 'You have to accept the Legal Terms & Conditions to continue',
  organizationName: 'Please enter a valid organization name',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Use at least 8 characters',
  passwordTooLong: 'Use at most 128 characters',
  passwordCommon: 'This password is too common. Choose one that is harder to guess',
} as const;

/** A text field's length cap, said as a person would ('At most 100 characters'). */
export const atMostCharacters = (max: number) => z.maxLength(max, `At most ${max} characters`);

/** Non-space text, an at sign, non-space text (spec 000 §5). Length capped as RFC 5321 does. */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(254, messages.email), z.regex(/^\S+@\S+$/, messages.email)),
  z.transform((email) => email.toLowerCase()),
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
