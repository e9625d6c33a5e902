import {
  CheckMergeResponseSchema,
  MergeAccountsResponseSchema,
  MergeRequestResponseSchema,
  type MergeRequestResponse,
  SuccessResponseSchema,
  type Provider,
  type SuccessResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type MergeTarget = { email: string; provider: Provider };

/** POST /auth/request_merge_accounts_email: e-mails the link that merges `provider` into the account. */
export function requestMergeEmail(
  target: MergeTarget,
  client: ApiClient = apiClient,
): Promise<SuccessResponse> {
  return client.post('/auth/request_merge_accounts_email', {
    body: target,
    parse: (data) => SuccessResponseSchema.parse(data),
  });
}

export type MergeAccountsRequest = {
  request_id: string;
  email: string;
  new_password?: string;
  /** A Google or Microsoft merge: the owner saw the account and agreed (or refused: decline). */
  confirm?: boolean;
  decline?: boolean;
};
export type MergeAccountsResult = { success: boolean; is_merged: boolean };

/** POST /auth/merge_accounts: the e-mailed link's id, and the new password when merging into a password. */
export function mergeAccounts(
  request: MergeAccountsRequest,
  client: ApiClient = apiClient,
): Promise<MergeAccountsResult> {
  return client.post('/auth/merge_accounts', {
    body: request,
    parse: (data) => MergeAccountsResponseSchema.parse(data),
  });
}

/** GET /auth/check_merge_accounts: whether the merge of `provider` into `email` is done. */
export function checkMergeAccounts(
  target: MergeTarget,
  client: ApiClient = apiClient,
): Promise<{ is_merged: boolean }> {
  return client.get('/auth/check_merge_accounts', {
    query: target,
    parse: (data) => CheckMergeResponseSchema.parse(data),
  });
}

/** GET /auth/merge_request: which account the e-mailed link would add, to show before confirming. */
export function getMergeRequest(
  link: { request_id: string; email: string },
  client: ApiClient = apiClient,
): Promise<MergeRequestResponse> {
  return client.get('/auth/merge_request', {
    query: link,
    parse: (data) => MergeRequestResponseSchema.parse(data),
  });
}
