import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberReturnUrl, takeReturnUrl } from './returnUrl';
import { endSession, isSignedIn, startSession } from './session';
import { tokenStore } from './tokenStore';
import { getUserIdCookie, setUserIdCookie } from './userIdCookie';

const token = { accessToken: 'jwt', accessTokenExpiresAt: '2030-01-01T00:00:00Z', userId: '42' };

afterEach(() => tokenStore.clear());

describe('session', () => {
  it('is signed in when the token and the user_id cookie name the same user', () => {
    startSession(token);
    expect(tokenStore.get()).toEqual(token);
    expect(getUserIdCookie()).toBe('42');
    expect(isSignedIn()).toBe(true);
  });

  it('clears the token when the user_id cookie names another user', () => {
    startSession(token);
    setUserIdCookie('7');
    expect(isSignedIn()).toBe(false);
    expect(tokenStore.get()).toBeNull();
  });

  it('ends the session: no token, no cookie', () => {
    startSession(token);
    endSession();
    expect(tokenStore.get()).toBeNull();
    expect(getUserIdCookie()).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('notifies subscribers of token changes until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = tokenStore.subscribe(listener);
    tokenStore.set(token);
    tokenStore.clear();
    unsubscribe();
    tokenStore.set(token);
    expect(listener.mock.calls).toEqual([[token], [null]]);
  });
});

describe('return URL', () => {
  it('is read once', () => {
    rememberReturnUrl('/organization/acme/sources?tab=1');
    expect(takeReturnUrl()).toBe('/organization/acme/sources?tab=1');
    expect(takeReturnUrl()).toBeNull();
  });

  it('refuses anything that is not a same-origin path', () => {
    for (const url of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      rememberReturnUrl(url);
      expect(takeReturnUrl()).toBeNull();
    }
  });
});
