import {
  DeleteServiceAccountResponseSchema,
  ServiceAccountListResponseSchema,
  ServiceAccountWarningsResponseSchema,
  type ServiceAccount,
  type ServiceAccountWarningsResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export const parseAccounts = (data: unknown) => ServiceAccountListResponseSchema.parse(data).service_accounts;

/** GET /service_accounts?organization_id=: the connected accounts. */
export function listServiceAccounts(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<ServiceAccount[]> {
  return client.get('/service_accounts', {
    query: { organization_id: organizationId },
    parse: parseAccounts,
  });
}

/** GET /service_accounts/warnings?organization_id=: accounts that failed or need reconnecting. */
export function getServiceAccountWarnings(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<ServiceAccountWarningsResponse> {
  return client.get('/service_accounts/warnings', {
    query: { organization_id: organizationId },
    parse: (data) => ServiceAccountWarningsResponseSchema.parse(data),
  });
}

export type DeleteServiceAccountInput = { organizationId: string; uuid: string };

/** DELETE /service_accounts?organization_id=&uuid=. */
export async function deleteServiceAccount(
  { organizationId, uuid }: DeleteServiceAccountInput,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete('/service_accounts', {
    query: { organization_id: organizationId, uuid },
    parse: (data) => DeleteServiceAccountResponseSchema.parse(data),
  });
}

export type ConnectAccountsInput = { organizationId: string; credentialsId: string; accounts: string[] };

/** POST /service_accounts: connects the chosen accounts of a verified authorization. */
export function connectAccounts(
  { organizationId, credentialsId, accounts }: ConnectAccountsInput,
  client: ApiClient = apiClient,
): Promise<ServiceAccount[]> {
  return client.post('/service_accounts', {
    body: { organization_id: organizationId, credentialsId, accounts },
    parse: parseAccounts,
  });
}
