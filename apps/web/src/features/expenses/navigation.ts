/** /organization/{slug}/expenses: the list. */
export const expensesPath = (slug: string) => `/organization/${slug}/expenses`;
/** /organization/{slug}/expenses/{expenseId}: the form; a new expense opens at a fresh UUID. */
export const expensePath = (slug: string, id: string) => `${expensesPath(slug)}/${id}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isExpenseId = (value: string | undefined): value is string =>
  value !== undefined && UUID.test(value);
