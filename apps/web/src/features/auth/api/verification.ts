import { SuccessResponseSchema, type SuccessResponse } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';
import type { AuthToken } from '../../../shared/auth/tokenStore';
import { parseOptionalToken } from './login';

export type VerifyEmailRequest = { request_id: string; email: string };
/**
 * `setPasswordRequestId`: the link was opened in another browser than the one that signed up, so
 * the password chosen there was dropped; this reset id lets the owner choose one now.
 */
export type VerifyEmailResult = {
  success: boolean;
  token: AuthToken | null;
  setPasswordRequestId: string | null;
};

export function parseVerifyEmailResponse(data: unknown): VerifyEmailResult {
  const { success } = SuccessResponseSchema.parse(data);
  const setPassword = (data as { set_password_request_id?: unknown }).set_password_request_id;
  return {
    success,
    token: parseOptionalToken((data as { token?: unknown }).token),
    setPasswordRequestId: typeof setPassword === 'string' && setPassword !== '' ? setPassword : null,
  };
}

/** POST /auth/verify_email with the e-mailed link's id; signs the user in when a token comes back. */
export function verifyEmail(
  request: VerifyEmailRequest,
  client: ApiClient = apiClient,
): Promise<VerifyEmailResult> {
  return client.post('/auth/verify_email', { body: request, parse: parseVerifyEmailResponse });
}

/** POST /auth/request_verification_email. */
export function requestVerificationEmail(
  email: string,
  client: ApiClient = apiClient,
): Promise<SuccessResponse> {
  return client.post('/auth/request_verification_email', {
    body: { email },
    parse: (data) => SuccessResponseSchema.parse(data),
  });
}
