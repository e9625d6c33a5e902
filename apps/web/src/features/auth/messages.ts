import { messages as fieldMessages, PRODUCT_NAME, type Provider, unreachable } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/**
 * Every user-visible message of the auth area (spec 000 §5, §8; spec 002 password change),
 * verbatim, in one place, and the mapping from API errors to them. Field rules and their messages
 * come from `@maya/contracts` (`messages`), shared with the server.
 */
export const authMessages = {
  invalidEmail: fieldMessages.email,
  invalidPassword: fieldMessages.password,
  passwordsDoNotMatch: fieldMessages.passwordsDoNotMatch,
  somethingWentWrong: 'Something went wrong',
  validationError: 'Validation Error',
  cantConnect: "Can't connect to the server",
  mergeRequired: 'Merge Required',
  incorrectCredentials: 'Incorrect credentials',
  noPasswordSet: 'No password set',
  noSuchUser: 'No such user',
  microsoftNotConnected: 'Microsoft account not connected',
  providerEmailNotVerified:
    'Google has not verified this e-mail address. Verify it with Google, or use your e-mail and a password.',
  signInNotStartedHere: 'This sign-in was not started in this browser, or it expired. Please sign in again.',
  // Sign-up
  emailInUse: 'This email address is already in use',
  marketplaceNoSuchUser: "We couldn't find a user with that email address. Please create an account.",
  notAmongOptions: 'Choose one of the options in the list',
  // Reset password
  wrongUrl: 'Wrong url',
  couldNotResetPassword: 'Could not reset password',
  resetLinkUnusable:
    'This password reset link has already been used, has expired or is not valid. We can send you a new one.',
  sendNewResetLink: 'Send a new link',
  newResetLinkSent: (email: string) =>
    `If an account exists for ${email}, we have sent it a new link to reset the password.`,
  // Verify email
  verificationEmailSent: 'Verification email sent!',
  verifyAlreadyUsed: 'The verification has already been used. Please request a new verification email.',
  verifyDoesNotExist: 'The verification link is invalid. Please sign in again.',
  verifyAlreadyVerified: 'Your email has already been verified.',
  verifyOther: 'An error occurred while verifying your email. Please try again later.',
  // Merge
  mergeEmailSent: 'Merge email sent!',
  redirecting: 'Redirecting...',
  mergeLinkInvalid: 'The merge link is invalid. Please sign in again.',
  mergeOther: 'An error occurred while merging accounts. Please try again later.',
  mergeNotFound: 'Something went wrong while merging accounts',
  mergeNotYet: 'The accounts are not merged yet. Follow the instructions in the email we sent you.',
  mergedSignInAgain: 'Your accounts are merged. Sign in to continue.',
  // Change password
  passwordChanged: 'Password changed successfully',
} as const;

/** Sign-in 400 `detail.type`s with a message of their own (spec 000 §8). */
export type SignInErrorType = 'merge_required' | 'invalid_credentials' | 'no_password_set' | 'no_such_user';

const signInMessageByType: Record<SignInErrorType, string> = {
  merge_required: authMessages.mergeRequired,
  invalid_credentials: authMessages.incorrectCredentials,
  no_password_set: authMessages.noPasswordSet,
  no_such_user: authMessages.noSuchUser,
};

function isSignInErrorType(type: string): type is SignInErrorType {
  return Object.hasOwn(signInMessageByType, type);
}

function isUnreachable(error: unknown): boolean {
  return isApiError(error) && (error.isNetworkError || error.type === 'config_unavailable');
}

export function signInErrorMessage(error: unknown): string {
  if (!isApiError(error)) return authMessages.somethingWentWrong;
  if (isUnreachable(error)) return authMessages.cantConnect;
  if (error.status === 422) return authMessages.validationError;
  if (error.status === 400 && isSignInErrorType(error.type)) return signInMessageByType[error.type];
  if (error.type === 'provider_email_not_verified') return authMessages.providerEmailNotVerified;
  if (error.type === 'invalid_state') return authMessages.signInNotStartedHere;
  // A throttled sign-in says, in the server's words, how long to wait.
  const message = error.detail?.message;
  if (error.status === 429 && typeof message === 'string' && message !== '') return message;
  return authMessages.somethingWentWrong;
}

export type AuthProvider = 'google' | 'microsoft';

export function providerLabel(provider: Provider): string {
  switch (provider) {
    case 'google':
      return 'Google';
    case 'microsoft':
      return 'Microsoft';
    case 'maya':
      return PRODUCT_NAME;
    default: {
      return unreachable(provider);
    }
  }
}

/** Failure to get a provider's authorization address (spec 000 §8 "Microsoft auth address"). */
export function authUriErrorMessage(provider: AuthProvider, error: unknown): string {
  switch (provider) {
    case 'google':
      return authMessages.somethingWentWrong;
    case 'microsoft':
      if (isApiError(error) && error.status === 404) return authMessages.microsoftNotConnected;
      return `Error getting Microsoft auth URI: ${isApiError(error) ? error.type : 'unknown_error'}`;
    default: {
      return unreachable(provider);
    }
  }
}

/** The provider's own refusal on its redirect back to us (`?error=access_denied&error_description=`). */
export function providerRedirectErrorMessage(
  provider: AuthProvider,
  error: string,
  description: string | null,
): string {
  if (error === 'access_denied') return `Sign-in with ${providerLabel(provider)} was cancelled.`;
  return description !== null && description.trim() !== '' ? description : authMessages.somethingWentWrong;
}

/** Forgot password (spec 000 §8): 422, no answer, anything else. */
export function forgotPasswordErrorMessage(error: unknown): string {
  if (isUnreachable(error)) return authMessages.cantConnect;
  if (isApiError(error) && error.status === 422) return authMessages.validationError;
  return authMessages.somethingWentWrong;
}

/** Reset password (spec 000 §8): 404 and 422 have messages of their own. */
export function resetPasswordErrorMessage(error: unknown): string {
  if (isUnreachable(error)) return authMessages.cantConnect;
  if (isApiError(error) && error.status === 404) return authMessages.couldNotResetPassword;
  if (isApiError(error) && error.status === 422) return authMessages.validationError;
  return authMessages.somethingWentWrong;
}

/** The server's explanation of a refused new password (`weak_password`), or null. */
export function weakPasswordMessage(error: unknown): string | null {
  if (!isApiError(error) || error.type !== 'weak_password') return null;
  const message = error.detail?.message;
  return typeof message === 'string' && message !== '' ? message : fieldMessages.passwordCommon;
}

/** Verify email 400 `detail.type`s (spec 000 §8); any other failure has the generic verify message. */
export type VerifyEmailErrorType = 'already_used' | 'does_not_exist' | 'already_verified';

const verifyMessageByType: Record<VerifyEmailErrorType, string> = {
  already_used: authMessages.verifyAlreadyUsed,
  does_not_exist: authMessages.verifyDoesNotExist,
  already_verified: authMessages.verifyAlreadyVerified,
};

function isVerifyEmailErrorType(type: string): type is VerifyEmailErrorType {
  return Object.hasOwn(verifyMessageByType, type);
}

export function verifyEmailErrorMessage(error: unknown): string {
  if (isApiError(error) && isVerifyEmailErrorType(error.type)) return verifyMessageByType[error.type];
  return authMessages.verifyOther;
}

function isProvider(value: unknown): value is Provider {
  return value === 'maya' || value === 'google' || value === 'microsoft';
}

/** Merge accounts (spec 000 §8). */
export function mergeErrorMessage(error: unknown): string {
  if (!isApiError(error)) return authMessages.mergeOther;
  if (error.type === 'merge_request_does_not_exist') return authMessages.mergeLinkInvalid;
  if (error.type === 'already_merged') {
    const provider = error.detail?.provider;
    const name = isProvider(provider)
      ? providerLabel(provider)
      : typeof provider === 'string'
        ? provider
        : PRODUCT_NAME;
    return `Your email has already been merged with ${name}`;
  }
  if (error.status === 404) return authMessages.mergeNotFound;
  return authMessages.mergeOther;
}

/** Change password (spec 002 §8): invalid_credentials goes under the field, the rest is generic. */
export type ChangePasswordFailure = {
  field: 'current_password' | 'new_password' | null;
  message: string;
};

export function changePasswordFailure(error: unknown): ChangePasswordFailure {
  if (isApiError(error) && error.type === 'invalid_credentials') {
    return { field: 'current_password', message: authMessages.incorrectCredentials };
  }
  const weak = weakPasswordMessage(error);
  if (weak !== null) return { field: 'new_password', message: weak };
  if (isUnreachable(error)) return { field: null, message: authMessages.cantConnect };
  return { field: null, message: authMessages.somethingWentWrong };
}
