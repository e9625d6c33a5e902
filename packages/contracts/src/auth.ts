import { z } from 'zod/mini';
import {
  atMostCharacters,
  companyNameSchema,
  companyPositionSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  newPasswordSchema,
  passwordSchema,
} from './validation';

/** Sign-in providers as the spec names them: `maya` is email and password. */
export const ProviderSchema = z.enum(['maya', 'google', 'microsoft']);
export type Provider = z.infer<typeof ProviderSchema>;

/** POST /auth/login (spec 000 §7): password, Google ID token or code, Microsoft token or code. */
/** Sign-in with e-mail and password: the form's rules (the other kinds come from providers). */
export const EmailLoginRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export const LoginRequestSchema = z.union([
  EmailLoginRequestSchema,
  z.object({ google_id_token: z.string().check(z.minLength(1)) }),
  z.object({ google_code: z.string().check(z.minLength(1)), state: z.string().check(z.minLength(1)) }),
  z.object({
    microsoft_code: z.string().check(z.minLength(1)),
    state: z.string().check(z.minLength(1)),
    is_mona: z.optional(z.boolean()),
  }),
  z.object({ microsoft_access_token: z.string().check(z.minLength(1)), is_mona: z.optional(z.boolean()) }),
]);
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Token data: the access token is kept in memory; the refresh token travels as an httpOnly cookie. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  access_token_expires_at: z.iso.datetime(),
  user_id: z.uuid(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Error types of sign-in and sign-up (spec 000 §8). */
export const AuthErrorType = {
  mergeRequired: 'merge_required',
  invalidCredentials: 'invalid_credentials',
  noPasswordSet: 'no_password_set',
  noSuchUser: 'no_such_user',
  emailNotVerified: 'email_not_verified',
  emailInUse: 'email_in_use',
  weakPassword: 'weak_password',
  invalidProviderToken: 'invalid_provider_token',
  invalidState: 'invalid_state',
  unauthorized: 'unauthorized',
  resetRequestDoesNotExist: 'reset_request_does_not_exist',
  mergeRequestDoesNotExist: 'merge_request_does_not_exist',
  alreadyMerged: 'already_merged',
  alreadyUsed: 'already_used',
  doesNotExist: 'does_not_exist',
  alreadyVerified: 'already_verified',
  microsoftNotConnected: 'microsoft_not_connected',
  /** The provider does not vouch for the e-mail: its identity is never linked to an account. */
  providerEmailNotVerified: 'provider_email_not_verified',
  /** A merge of a Google or Microsoft identity needs the e-mail owner's explicit confirmation. */
  mergeNotConfirmed: 'merge_not_confirmed',
} as const;
export type AuthErrorType = (typeof AuthErrorType)[keyof typeof AuthErrorType];

/**
 * The detail of a sign-in refusal (spec 000 §3 "Sign-in error detail"): for merge_required and
 * no_password_set the methods the e-mail can already sign in with; for a provider sign-in of an
 * unknown user the provider token, so that sign-up can continue with it.
 */
export const SignInErrorDetailSchema = z.object({
  type: z.string(),
  email: z.optional(z.string()),
  provider: z.optional(ProviderSchema),
  is_google_signin: z.optional(z.boolean()),
  is_microsoft_signin: z.optional(z.boolean()),
  is_password_signin: z.optional(z.boolean()),
  access_token: z.optional(z.string()),
  microsoft_access_token: z.optional(z.string()),
});
export type SignInErrorDetail = z.infer<typeof SignInErrorDetailSchema>;

/** POST /user: sign-up with e-mail, or with a provider token from a failed provider sign-in. */
const companyFields = {
  company_name: companyNameSchema,
  company_position: companyPositionSchema,
  how_found: z.optional(z.string().check(z.trim(), atMostCharacters(100))),
};
/** Sign-up with e-mail and password: the form's rules (the other kinds come from providers). */
export const EmailSignUpRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  ...companyFields,
});
export const SignUpRequestSchema = z.union([
  EmailSignUpRequestSchema,
  z.object({ google_id_token: z.string().check(z.minLength(1)), ...companyFields }),
  z.object({ microsoft_access_token: z.string().check(z.minLength(1)), ...companyFields }),
]);
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignUpResponseSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  is_email_verified: z.boolean(),
  /** Present for provider sign-ups, which are verified by the provider and signed in at once. */
  token: z.nullable(TokenResponseSchema),
});
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const SuccessResponseSchema = z.object({ success: z.boolean() });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

export const ResetPasswordRequestSchema = z.object({ email: emailSchema });
export const ResetPasswordSchema = z.object({
  new_password: newPasswordSchema,
  request_id: z.string().check(z.minLength(1), z.maxLength(200)),
  email: emailSchema,
});
/** GET /auth/reset_password: whether an e-mailed reset link can still be used (decision 240). */
export const ResetLinkQuerySchema = z.object({
  request_id: z.string().check(z.minLength(1), z.maxLength(200)),
  email: emailSchema,
});
export const ChangePasswordSchema = z.object({
  current_password: passwordSchema,
  new_password: newPasswordSchema,
});

export const CheckEmailDomainRequestSchema = z.object({
  domain: z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'Not a domain')),
});
/** The company name guessed from the domain, capitalised; null for free mail providers. */
export const CheckEmailDomainResponseSchema = z.object({
  domain: z.string(),
  is_free_email_provider: z.boolean(),
  company_name: z.nullable(z.string()),
});
export type CheckEmailDomainResponse = z.infer<typeof CheckEmailDomainResponseSchema>;

export const VerifyEmailSchema = z.object({
  request_id: z.string().check(z.minLength(1), z.maxLength(200)),
  email: emailSchema,
});
/**
 * Verifying from the e-mailed link proves the address. In the browser that signed up, the user is
 * signed in. Anywhere else the password chosen at sign-up is not trusted (someone else may have
 * typed this address): it is dropped, and `set_password_request_id` is a password-reset id with
 * which the owner chooses a new one (/reset-password?id=…&email=…).
 */
export const VerifyEmailResponseSchema = z.object({
  success: z.boolean(),
  token: z.nullable(TokenResponseSchema),
  set_password_request_id: z.optional(z.nullable(z.string())),
});
export const RequestVerificationEmailSchema = z.object({ email: emailSchema });

export const RequestMergeEmailSchema = z.object({ provider: ProviderSchema, email: emailSchema });
export const MergeAccountsSchema = z.object({
  request_id: z.string().check(z.minLength(1), z.maxLength(200)),
  email: emailSchema,
  new_password: z.optional(newPasswordSchema),
  /** Required for a Google or Microsoft merge: the owner saw which account is linked and agreed. */
  confirm: z.optional(z.boolean()),
  /** The owner refuses the merge: the link is spent and the waiting identity forgotten. */
  decline: z.optional(z.boolean()),
});
/** GET /auth/merge_request: what the e-mailed merge link would add, shown before the owner confirms. */
export const MergeRequestQuerySchema = z.object({
  request_id: z.string().check(z.minLength(1), z.maxLength(200)),
  email: emailSchema,
});
export const MergeRequestResponseSchema = z.object({
  email: z.string(),
  provider: ProviderSchema,
  /** The Google or Microsoft account to be linked; null when the merge sets a password. */
  identity: z.nullable(
    z.object({
      email: z.string(),
      name: z.string(),
      /** Whether the provider itself vouches for the identity's e-mail. */
      email_verified: z.boolean(),
      requested_at: z.iso.datetime(),
    }),
  ),
});
export type MergeRequestResponse = z.infer<typeof MergeRequestResponseSchema>;
export const MergeAccountsResponseSchema = z.object({ success: z.boolean(), is_merged: z.boolean() });
export const CheckMergeQuerySchema = z.object({ email: emailSchema, provider: ProviderSchema });
export const CheckMergeResponseSchema = z.object({ is_merged: z.boolean() });

export const AuthUriQuerySchema = z.object({
  is_mona: z.optional(z.enum(['true', 'false', '1', '0'])),
  /** Where to go after signing in (a same-site path); carried through the provider in `state`. */
  next: z.optional(z.string().check(z.maxLength(2000))),
  /** With is_mona: the marketplace token the purchase landing page received (spec 000 §7). */
  state: z.optional(z.string().check(z.maxLength(4000))),
});
export const AuthUriResponseSchema = z.object({ auth_uri: z.url() });
export type AuthUriResponse = z.infer<typeof AuthUriResponseSchema>;
