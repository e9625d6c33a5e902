import { connectAccounts, type ConnectAccountsInput } from '../api/serviceAccounts';
import { useSourcesMutation } from './useSourcesMutation';

/** POST /service_accounts: connects the chosen accounts of a verified authorization. */
export function useConnectAccounts(organizationId: string) {
  return useSourcesMutation(organizationId, (input: Omit<ConnectAccountsInput, 'organizationId'>) =>
    connectAccounts({ organizationId, ...input }),
  );
}
