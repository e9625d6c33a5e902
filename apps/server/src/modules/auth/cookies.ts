import { SESSION_HINT_COOKIE } from '@maya/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import { hashToken, newSecureToken } from '../../platform/secure-token';
import { REFRESH_TOKEN_TTL_DAYS } from './repository/sessions';

/** The refresh token: httpOnly, SameSite=Lax, only sent to /api/auth (DESIGN.md Sessions). */
export const REFRESH_COOKIE = 'maya_refresh';
const PATH = '/api/auth';

/**
 * A random id of this browser, httpOnly, sent to the API only. It binds what one browser starts
 * to that browser: a provider sign-in's state (login CSRF), the credentials chosen at sign-up
 * (verifying elsewhere drops them), and which browsers an account signed in from (lockout).
 */
export const BROWSER_COOKIE = 'maya_browser';
const BROWSER_PATH = '/api';
/** Browsers cap cookie lifetimes at 400 days. */
const BROWSER_COOKIE_DAYS = 400;

/** Secure whenever the app runs in production, whatever APP_URL says (TLS may end at a proxy). */
const isSecure = (config: Config) => config.env === 'production' || config.appUrl.startsWith('https://');

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  const lifetime = {
    sameSite: 'lax',
    secure: isSecure(config),
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
  } as const;
  reply.setCookie(REFRESH_COOKIE, token, { ...lifetime, httpOnly: true, path: PATH });
  // Whether this browser holds a refresh cookie, for the SPA to read. It carries no secret; it
  // only spares a signed-out visitor's page a refresh call that can only fail (decision 175).
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...lifetime, httpOnly: false, path: '/' });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: PATH });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

export function refreshCookieOf(request: FastifyRequest): string | null {
  return request.cookies[REFRESH_COOKIE] ?? null;
}

/** The hash of this browser's id, or null when it has none (or a malformed one). */
export function browserHashOf(request: FastifyRequest): string | null {
  const id = request.cookies[BROWSER_COOKIE];
  return id && /^[A-Za-z0-9_-]{32,64}$/.test(id) ? hashToken(id) : null;
}

/** This browser's id hash, giving it an id first when it has none. */
export function ensureBrowser(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const known = browserHashOf(request);
  if (known !== null) return known;
  const { token, hash } = newSecureToken();
  reply.setCookie(BROWSER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: BROWSER_PATH,
    maxAge: BROWSER_COOKIE_DAYS * 86_400,
  });
  return hash;
}
