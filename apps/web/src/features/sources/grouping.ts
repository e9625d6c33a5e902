import {
  ServiceCategorySchema,
  type Service,
  type ServiceAccount,
  type ServiceCategory,
} from '@maya/contracts';

export type ServiceWithAccounts = { service: Service; accounts: ServiceAccount[] };
export type CategoryGroup<T> = { category: ServiceCategory; items: T[] };

const CATEGORY_ORDER = ServiceCategorySchema.options;

/** Items grouped by their category, categories in the catalogue's order, empty ones left out. */
export function groupByCategory<T>(
  items: readonly T[],
  categoryOf: (item: T) => ServiceCategory,
): CategoryGroup<T>[] {
  return CATEGORY_ORDER.map((category) => ({
    category,
    items: items.filter((item) => categoryOf(item) === category),
  })).filter((group) => group.items.length > 0);
}

/**
 * The connected services, each with its accounts, in the catalogue's order. An account whose
 * service is no longer in the catalogue is still shown (never hidden), on a row named by its
 * service id under the first category; reconnecting it then reports that it cannot start.
 */
export function servicesWithAccounts(
  services: readonly Service[],
  accounts: readonly ServiceAccount[],
): ServiceWithAccounts[] {
  const byService = new Map<string, ServiceAccount[]>();
  for (const account of accounts) {
    const list = byService.get(account.service_uuid) ?? [];
    list.push(account);
    byService.set(account.service_uuid, list);
  }
  const known = services.flatMap((service) => {
    const list = byService.get(service.uuid);
    byService.delete(service.uuid);
    return list === undefined ? [] : [{ service, accounts: list }];
  });
  const unlisted = [...byService.values()].flatMap((list) => {
    const first = list[0];
    if (first === undefined) return [];
    const service: Service = {
      id: first.service,
      uuid: first.service_uuid,
      name: first.service,
      logo: `/logos/${first.service}.svg`,
      category: 'advertising',
      is_listed: false,
      auth_kind: 'oauth2',
    };
    return [{ service, accounts: list }];
  });
  return [...known, ...unlisted];
}
