import { SuccessResponseSchema, type SuccessResponse } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

const parseSuccess = (data: unknown): SuccessResponse => SuccessResponseSchema.parse(data);

/** POST /auth/reset_password_request: always answers success (no account enumeration). */
export function requestPasswordReset(email: string, client: ApiClient = apiClient): Promise<SuccessResponse> {
  return client.post('/auth/reset_password_request', { body: { email }, parse: parseSuccess });
}

export type ResetPasswordRequest = { new_password: string; request_id: string; email: string };

/** POST /auth/reset_password with the id and e-mail of the e-mailed link. */
export function resetPassword(
  request: ResetPasswordRequest,
  client: ApiClient = apiClient,
): Promise<SuccessResponse> {
  return client.post('/auth/reset_password', { body: request, parse: parseSuccess });
}

/** GET /auth/reset_password: 200 while the e-mailed link can be used, 404 once it cannot. */
export function checkResetLink(
  link: { request_id: string; email: string },
  client: ApiClient = apiClient,
): Promise<SuccessResponse> {
  return client.get('/auth/reset_password', { query: link, parse: parseSuccess });
}

export type ChangePasswordRequest = { current_password: string; new_password: string };

/** POST /user/change_password (spec 002 §7 "changePassword"). */
export function changePassword(
  request: ChangePasswordRequest,
  client: ApiClient = apiClient,
): Promise<SuccessResponse> {
  return client.post('/user/change_password', { body: request, parse: parseSuccess });
}
