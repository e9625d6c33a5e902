import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { loadConfig } from '../../platform/config';
import { clearRefreshCookie, setRefreshCookie } from './cookies';

type SetCookie = { name: string; value: string; options: Record<string, unknown> };

/** The cookies setting a refresh token sets, for a config. */
function cookiesSet(env: Record<string, string>): SetCookie[] {
  const set: SetCookie[] = [];
  const reply = {
    setCookie: (name: string, value: string, options: Record<string, unknown>) =>
      set.push({ name, value, options }),
  };
  setRefreshCookie(reply as unknown as FastifyReply, loadConfig(env), 'token');
  return set;
}

/** The options the refresh cookie is set with, for a config. */
function refreshCookieOptions(env: Record<string, string>) {
  return cookiesSet(env).find((cookie) => cookie.name === 'maya_refresh')!.options;
}

describe('the refresh cookie', () => {
  it('is Secure whenever NODE_ENV=production, even when APP_URL says http (TLS ends at a proxy)', () => {
    const options = refreshCookieOptions({
      NODE_ENV: 'production',
      APP_URL: 'http://maya.internal:8000',
      SECRET_KEY: 'x'.repeat(40),
    });
    expect(options).toMatchObject({ secure: true, httpOnly: true, sameSite: 'lax', path: '/api/auth' });
  });

  it('is Secure for an https APP_URL, and not for local http development', () => {
    expect(refreshCookieOptions({ APP_URL: 'https://maya.example' }).secure).toBe(true);
    expect(refreshCookieOptions({ APP_URL: 'http://localhost:8000' }).secure).toBe(false);
  });
});

describe('the session hint', () => {
  it('goes with the refresh cookie: readable by the page, on every path, the same lifetime, no secret', () => {
    const [refresh, hint] = cookiesSet({ APP_URL: 'https://maya.example' });
    expect(hint).toEqual({
      name: 'maya_session',
      value: '1',
      options: { ...refresh!.options, httpOnly: false, path: '/' },
    });
  });

  it('is cleared with the refresh cookie', () => {
    const cleared: [string, Record<string, unknown>][] = [];
    const reply = {
      clearCookie: (name: string, options: Record<string, unknown>) => cleared.push([name, options]),
    };
    clearRefreshCookie(reply as unknown as FastifyReply);
    expect(cleared).toEqual([
      ['maya_refresh', { path: '/api/auth' }],
      ['maya_session', { path: '/' }],
    ]);
  });
});
