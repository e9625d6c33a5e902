/** Query keys of the expenses area: invalidate through these, never a hand-typed key. */
export const expensesKeys = {
  all: ['expenses'] as const,
  organization: (organizationId: string) => [...expensesKeys.all, organizationId] as const,
  list: (organizationId: string) => [...expensesKeys.organization(organizationId), 'list'] as const,
  expense: (organizationId: string, id: string) =>
    [...expensesKeys.organization(organizationId), 'expense', id] as const,
  categories: () => [...expensesKeys.all, 'categories'] as const,
  subcategories: () => [...expensesKeys.all, 'subcategories'] as const,
  currencies: () => [...expensesKeys.all, 'currencies'] as const,
};
