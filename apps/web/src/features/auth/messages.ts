import { isApiError } from '../../shared/api/ApiError';

/**
 * Every user-visible message of the auth area (spec 000 §5, §8), verbatim, in one place, and the
 * mapping from API errors to them.
 */
export const authMessages = {
  invalidEmail: 'Please enter a valid email address',
  invalidPassword: 'Please enter a valid password',
  somethingWentWrong: 'Something went wrong',
  validationError: 'Validation Error',
  cantConnect: "Can't connect to the server",
  mergeRequired: 'Merge Required',
  incorrectCredentials: 'Incorrect credentials',
  noPasswordSet: 'No password set',
  noSuchUser: 'No such user',
  microsoftNotConnected: 'Microsoft account not connected',
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

export function signInErrorMessage(error: unknown): string {
  if (!isApiError(error)) return authMessages.somethingWentWrong;
  if (error.isNetworkError || error.type === 'config_unavailable') return authMessages.cantConnect;
  if (error.status === 422) return authMessages.validationError;
  if (error.status === 400 && isSignInErrorType(error.type)) return signInMessageByType[error.type];
  return authMessages.somethingWentWrong;
}

export type AuthProvider = 'google' | 'microsoft';

/** Failure to get a provider's authorization address (spec 000 §8 "Microsoft auth address"). */
export function authUriErrorMessage(provider: AuthProvider, error: unknown): string {
  switch (provider) {
    case 'google':
      return authMessages.somethingWentWrong;
    case 'microsoft':
      if (isApiError(error) && error.status === 404) return authMessages.microsoftNotConnected;
      return `Error getting Microsoft auth URI: ${isApiError(error) ? error.type : 'unknown_error'}`;
    default: {
      const unreachable: never = provider;
      return unreachable;
    }
  }
}
