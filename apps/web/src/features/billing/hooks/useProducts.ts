import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '../api/keys';
import { listProducts } from '../api/billing';

/** GET /billing/products. */
export function useProducts(organizationId: string) {
  return useQuery({
    queryKey: billingKeys.products(organizationId),
    queryFn: () => listProducts(organizationId),
  });
}
