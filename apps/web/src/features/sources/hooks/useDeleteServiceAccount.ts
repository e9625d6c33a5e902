import { deleteServiceAccount } from '../api/serviceAccounts';
import { useSourcesMutation } from './useSourcesMutation';

/** DELETE /service_accounts. */
export function useDeleteServiceAccount(organizationId: string) {
  return useSourcesMutation(organizationId, (uuid: string) => deleteServiceAccount({ organizationId, uuid }));
}
