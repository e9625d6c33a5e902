import {
  CheckEmailDomainResponseSchema,
  SignUpResponseSchema,
  type CheckEmailDomainResponse,
  type SignUpRequest,
} from '@maya/contracts';
import { z } from 'zod/mini';
import { apiClient, type ApiClient } from '../../../shared/api/client';
import type { AuthToken } from '../../../shared/auth/tokenStore';
import { parseOptionalToken } from './login';

/** POST /user answer: the token is present for provider sign-ups, null for e-mail ones. */
export type SignUpResult = { id: string; email: string; isEmailVerified: boolean; token: AuthToken | null };

export function parseSignUpResponse(data: unknown): SignUpResult {
  const body = z.omit(SignUpResponseSchema, { token: true }).parse(data);
  const token = parseOptionalToken((data as { token?: unknown }).token);
  return { id: body.id, email: body.email, isEmailVerified: body.is_email_verified, token };
}

/** POST /user (spec 000 §7 "Sign up"). */
export function signUp(request: SignUpRequest, client: ApiClient = apiClient): Promise<SignUpResult> {
  return client.post('/user', { body: request, parse: parseSignUpResponse });
}

/** POST /auth/check_email_domain: the company name guessed from the e-mail's domain. */
export function checkEmailDomain(
  domain: string,
  client: ApiClient = apiClient,
): Promise<CheckEmailDomainResponse> {
  return client.post('/auth/check_email_domain', {
    body: { domain },
    parse: (data) => CheckEmailDomainResponseSchema.parse(data),
  });
}
