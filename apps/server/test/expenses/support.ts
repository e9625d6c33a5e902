import { randomUUID } from 'node:crypto';
import { call, type AccountsApp } from '../support/accounts';
import { ownerQuery } from '../support/sources';

export { owner } from '../notifications/support';

type User = { token: string };

/** The expenses API as one user calls it, in one organization. */
export function expensesApi(t: AccountsApp, user: User, organizationId: string) {
  const query = `organization_id=${organizationId}`;
  return {
    list: () => call(t.base, 'GET', `/expenses?${query}`, { token: user.token }),
    get: (id: string) => call(t.base, 'GET', `/expenses/${id}?${query}`, { token: user.token }),
    save: (id: string, expense: Record<string, unknown>) =>
      call(t.base, 'PUT', `/expenses/${id}`, {
        token: user.token,
        body: { organization_id: organizationId, ...expense },
      }),
    remove: (id: string) => call(t.base, 'DELETE', `/expenses/${id}?${query}`, { token: user.token }),
  };
}
export type ExpensesApi = ReturnType<typeof expensesApi>;

/** A valid expense body, changed by `overrides`. */
export function expense(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    payment_date: '2026-10-01',
    amount: 12_345,
    currency_code: 'USD',
    category: 'people',
    subcategory: 'agency',
    description: 'October retainer',
    start_date: null,
    end_date: null,
    is_marketing_related: true,
    ...overrides,
  };
}

export const newId = () => randomUUID();

/** The organization's stored expense rows, read as the tables' owner (past row-level security). */
export function storedExpenses(t: AccountsApp, organizationId: string) {
  return ownerQuery<Record<string, unknown>>(
    t,
    organizationId,
    'select * from expenses where organization_id = $1 order by id',
    [organizationId],
  );
}
