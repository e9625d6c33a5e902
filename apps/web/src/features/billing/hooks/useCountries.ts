import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '../api/keys';
import { listCountries } from '../api/billing';

/** GET /billing/countries: the same for everyone, kept for the session. */
export function useCountries() {
  return useQuery({ queryKey: billingKeys.countries(), queryFn: () => listCountries(), staleTime: Infinity });
}
