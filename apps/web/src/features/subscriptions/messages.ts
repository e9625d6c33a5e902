import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible message of the subscriptions area (spec 000 §2, §8; spec 002 §2, §4, §5, §8). */
export const subscriptionMessages = {
  connecting: 'Connecting your Microsoft subscription…',
  connectingHint: 'You will be taken to Microsoft to sign in and confirm your purchase.',
  finishing: 'Setting up your subscription…',
  startFailedTitle: "We couldn't start your subscription",
  createFailedTitle: "We couldn't set up your subscription",
  backToSignIn: 'Back to sign in',
  tryAgain: 'Try again',
  /** spec 000 §8 Microsoft auth address. */
  microsoftNotConnected: 'Microsoft account not connected',
  /** spec 000 §8 sign-in 400 merge_required. */
  mergeRequired: 'Merge Required',
  /** spec 000 §8, spec 002 §8: redirect errors, shown as toasts of 5000 ms. */
  redirectNoSuchUser: "We couldn't find a user with that email address. Please create an account.",
  redirectSubscriptionDoesNotExist: 'This subscription does not exist. Please contact support.',
  redirectUnknown: 'An unknown error occurred. Please try again later.',
  /** spec 002 Subscription linking. */
  linkTitle: 'Link your subscription',
  linkIntro: 'Choose the organization your Microsoft marketplace subscription pays for.',
  organizationLabel: 'Organization',
  subscriptionLabel: 'Subscription',
  noAvailableOrganizations: 'No available organizations',
  noSubscriptions: 'No subscriptions to link',
  link: 'Link',
  later: 'Later',
  noDetails: 'No details',
} as const;

/** The subscription calls whose failures the spec names (spec 000 §8, spec 002 §8). */
export type SubscriptionCall = 'create' | 'check-user' | 'link' | 'check' | 'details';

const CALL_ACTION: Record<SubscriptionCall, string> = {
  create: 'creating subscription',
  'check-user': 'checking user subscriptions',
  link: 'linking subscription',
  check: 'checking subscription',
  details: 'getting subscription details',
};

function errorType(error: unknown): string {
  return isApiError(error) ? error.type : 'unknown_error';
}

/** 404: 'Something went wrong while {action}'; otherwise 'Error while {action}: {type}'. */
export function subscriptionErrorMessage(call: SubscriptionCall, error: unknown): string {
  const action = CALL_ACTION[call];
  if (isApiError(error) && error.status === 404) return `Something went wrong while ${action}`;
  return `Error while ${action}: ${errorType(error)}`;
}

/** GET /auth/microsoft/auth_uri failures (spec 000 §8). */
export function monaAuthUriErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 404) return subscriptionMessages.microsoftNotConnected;
  return `Error getting Microsoft auth URI: ${errorType(error)}`;
}

/** The marketplace redirect's toast for an error type (spec 000 §8, spec 002 §8). */
export function redirectErrorToast(type: string | null): string {
  switch (type ?? '') {
    case 'no_such_user':
      return subscriptionMessages.redirectNoSuchUser;
    case 'subscription_does_not_exist':
      return subscriptionMessages.redirectSubscriptionDoesNotExist;
    default:
      return subscriptionMessages.redirectUnknown;
  }
}

/** The link failure alert body: the server's message, or 'No details' (spec 002 §4). */
export function linkFailureDetails(error: unknown): string {
  const message = isApiError(error) ? error.detail?.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : subscriptionMessages.noDetails;
}
