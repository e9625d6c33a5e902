import { authMessages } from './messages';

/** spec 000 §5: non-space text, an at sign, non-space text. */
const EMAIL_PATTERN = /^\S+@\S+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export type SignInValues = { email: string; password: string };
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (!isValidEmail(values.email)) errors.email = authMessages.invalidEmail;
  if (values.password.length === 0) errors.password = authMessages.invalidPassword;
  return errors;
}
