import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import { REFRESH_TOKEN_TTL_DAYS } from './sessions';

/** The refresh token: httpOnly, SameSite=Lax, only sent to /api/auth (DESIGN.md Sessions). */
export const REFRESH_COOKIE = 'maya_refresh';
const PATH = '/api/auth';

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https://'),
    path: PATH,
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: PATH });
}

export function refreshCookieOf(request: FastifyRequest): string | null {
  return request.cookies[REFRESH_COOKIE] ?? null;
}
