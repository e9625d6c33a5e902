import {
  ChangePasswordSchema,
  CheckEmailDomainRequestSchema,
  EmailLoginRequestSchema,
  EmailSignUpRequestSchema,
  MergeAccountsSchema,
  ResetPasswordRequestSchema,
  ResetPasswordSchema,
  messages,
  unreachable,
} from '@maya/contracts';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod/mini';
import { authMessages } from './messages';

/**
 * The auth forms' validation: the contract schemas of packages/contracts (the rules the server
 * applies, with the spec's messages), picked per form and run through @mantine/form's zod
 * resolver. The first message of a field wins ('Please enter a valid password' before the length).
 */
const firstMessage = { errorPriority: 'first' } as const;

type Validator<Values> = (values: Values) => FormErrors;

export type SignInValues = { email: string; password: string };
export const validateSignIn: Validator<SignInValues> = zod4Resolver(EmailLoginRequestSchema, firstMessage);

export type EmailValues = { email: string };
export const validateEmail: Validator<EmailValues> = zod4Resolver(ResetPasswordRequestSchema, firstMessage);

export type NewPasswordValues = { new_password: string };
export const validateResetPassword: Validator<NewPasswordValues> = zod4Resolver(
  z.pick(ResetPasswordSchema, { new_password: true }),
  firstMessage,
);

type WithRepeat<Values> = Values & { repeat_password: string };

/** Adds 'Passwords do not match' (spec 000 §5, spec 002 §5) to a validator of new_password. */
function withRepeat<Values extends NewPasswordValues>(
  validate: Validator<Values>,
): Validator<WithRepeat<Values>> {
  return (values) => {
    const errors = validate(values);
    if (values.repeat_password !== values.new_password) {
      errors.repeat_password = authMessages.passwordsDoNotMatch;
    }
    return errors;
  };
}

export type SetPasswordValues = WithRepeat<NewPasswordValues>;
export const validateSetPassword: Validator<SetPasswordValues> = withRepeat(
  zod4Resolver(
    z.pick(z.required(MergeAccountsSchema, { new_password: true }), { new_password: true }),
    firstMessage,
  ),
);

export type ChangePasswordValues = WithRepeat<{ current_password: string; new_password: string }>;
export const validateChangePassword: Validator<ChangePasswordValues> = withRepeat(
  zod4Resolver(ChangePasswordSchema, firstMessage),
);

// --- Sign-up (spec 000 §2, §4, §5) -----------------------------------------------------------

export type SignUpStep = 1 | 2 | 3;
export const SIGN_UP_STEPS: readonly SignUpStep[] = [1, 2, 3];

/** The sign-up form, named as the POST /user payload, plus the terms checkbox. */
export type SignUpValues = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  company_name: string;
  company_position: string;
  how_found: string;
  accept_terms: boolean;
};

export const emptySignUpValues: SignUpValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  company_name: '',
  company_position: '',
  how_found: '',
  accept_terms: false,
};

const validateAccount = zod4Resolver(
  z.pick(EmailSignUpRequestSchema, { first_name: true, last_name: true, email: true, password: true }),
  firstMessage,
);
const validateCompany = zod4Resolver(
  z.pick(EmailSignUpRequestSchema, { company_name: true, company_position: true, how_found: true }),
  firstMessage,
);

export type SignUpStepContext = {
  /** Signing up with a provider token: step 1 is skipped, its checks too. */
  withProvider: boolean;
  positions: readonly string[];
  howFoundOptions: readonly string[];
};

/** The errors of one step; empty when the step may be left forward. */
export function signUpStepErrors(
  step: SignUpStep,
  values: SignUpValues,
  context: SignUpStepContext,
): FormErrors {
  switch (step) {
    case 1:
      return context.withProvider ? {} : validateAccount(values);
    case 2: {
      const errors = validateCompany(values);
      const position = values.company_position.trim();
      if (errors.company_position === undefined && !context.positions.includes(position)) {
        errors.company_position = messages.position;
      }
      const howFound = values.how_found.trim();
      if (howFound !== '' && !context.howFoundOptions.includes(howFound)) {
        errors.how_found = authMessages.notAmongOptions;
      }
      return errors;
    }
    case 3:
      return values.accept_terms ? {} : { accept_terms: messages.acceptTerms };
    default: {
      return unreachable(step);
    }
  }
}

/** The domain of an e-mail address when it is one check_email_domain accepts, else null. */
export function emailDomain(email: string): string | null {
  const domain = email.trim().split('@').pop() ?? '';
  const parsed = CheckEmailDomainRequestSchema.safeParse({ domain });
  return parsed.success ? parsed.data.domain : null;
}

export function capitalise(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}
