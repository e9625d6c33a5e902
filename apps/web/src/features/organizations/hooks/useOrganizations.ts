import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOrganizations } from '../api/organizations';
import { organizationKeys } from '../api/keys';

export const organizationsQuery = () =>
  queryOptions({ queryKey: organizationKeys.list(), queryFn: () => listOrganizations() });

/** GET /organizations. `enabled: false` waits, e.g. until the user's e-mail is known to be verified. */
export function useOrganizations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationsQuery(), enabled });
}
