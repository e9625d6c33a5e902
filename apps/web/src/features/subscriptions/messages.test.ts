import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/ApiError';
import {
  linkFailureDetails,
  monaAuthUriErrorMessage,
  redirectErrorToast,
  subscriptionErrorMessage,
} from './messages';

const notFound = new ApiError({ status: 404, type: 'not_found' });
const refused = new ApiError({ status: 400, type: 'subscription_does_not_exist', detail: { type: 'x' } });

describe('subscription messages (spec 000 §8, spec 002 §8)', () => {
  it.each([
    ['create', 'Something went wrong while creating subscription', 'Error while creating subscription'],
    [
      'check-user',
      'Something went wrong while checking user subscriptions',
      'Error while checking user subscriptions',
    ],
    ['link', 'Something went wrong while linking subscription', 'Error while linking subscription'],
    ['check', 'Something went wrong while checking subscription', 'Error while checking subscription'],
    [
      'details',
      'Something went wrong while getting subscription details',
      'Error while getting subscription details',
    ],
  ] as const)('%s: 404 and other failures', (call, on404, prefix) => {
    expect(subscriptionErrorMessage(call, notFound)).toBe(on404);
    expect(subscriptionErrorMessage(call, refused)).toBe(`${prefix}: subscription_does_not_exist`);
  });

  it('Microsoft auth address failures', () => {
    expect(monaAuthUriErrorMessage(notFound)).toBe('Microsoft account not connected');
    expect(monaAuthUriErrorMessage(new ApiError({ status: 0, type: 'network_error' }))).toBe(
      'Error getting Microsoft auth URI: network_error',
    );
  });

  it('redirect error toasts', () => {
    expect(redirectErrorToast('no_such_user')).toBe(
      "We couldn't find a user with that email address. Please create an account.",
    );
    expect(redirectErrorToast('subscription_does_not_exist')).toBe(
      'This subscription does not exist. Please contact support.',
    );
    expect(redirectErrorToast('access_denied')).toBe('An unknown error occurred. Please try again later.');
    expect(redirectErrorToast(null)).toBe('An unknown error occurred. Please try again later.');
  });

  it('link failure details', () => {
    expect(
      linkFailureDetails(new ApiError({ status: 400, type: 't', detail: { type: 't', message: 'Why' } })),
    ).toBe('Why');
    expect(linkFailureDetails(refused)).toBe('No details');
  });
});
