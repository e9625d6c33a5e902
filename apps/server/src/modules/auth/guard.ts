import type { FastifyRequest } from 'fastify';
import { AuthErrorType } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import type { Auth } from '../../platform/guards';
import type { AccessTokens } from './access-tokens';

/** The `user` guard: a valid `Authorization: Bearer <access token>`. */
export function createAuthenticate(accessTokens: AccessTokens) {
  return async function authenticate(request: FastifyRequest): Promise<Auth> {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? await accessTokens.verify(token) : null;
    if (!claims) throw new AppError(401, AuthErrorType.unauthorized, { message: 'Please sign in.' });
    return claims;
  };
}
