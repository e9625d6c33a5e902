import {
  CurrenciesResponseSchema,
  DeleteExpenseResponseSchema,
  ExpenseCategoriesResponseSchema,
  ExpenseSchema,
  ExpensesResponseSchema,
  ExpenseSubcategoriesResponseSchema,
  type CurrenciesResponse,
  type Expense,
  type ExpenseCategory,
  type ExpenseInput,
  type ExpenseSubcategory,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /expenses: the organization's expenses, newest payment first. */
export async function listExpenses(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<Expense[]> {
  const answer = await client.get('/expenses', {
    query: { organization_id: organizationId },
    parse: (data) => ExpensesResponseSchema.parse(data),
  });
  return answer.expenses;
}

/** GET /expenses/{uuid}. */
export function getExpense(
  organizationId: string,
  id: string,
  client: ApiClient = apiClient,
): Promise<Expense> {
  return client.get(`/expenses/${id}`, {
    query: { organization_id: organizationId },
    parse: (data) => ExpenseSchema.parse(data),
  });
}

/** PUT /expenses/{uuid}: creates the expense at the form's UUID, or replaces it. */
export function saveExpense(
  organizationId: string,
  id: string,
  input: ExpenseInput,
  client: ApiClient = apiClient,
): Promise<Expense> {
  return client.put(`/expenses/${id}`, {
    body: { organization_id: organizationId, ...input },
    parse: (data) => ExpenseSchema.parse(data),
  });
}

/** DELETE /expenses/{uuid}. */
export async function deleteExpense(
  organizationId: string,
  id: string,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete(`/expenses/${id}`, {
    query: { organization_id: organizationId },
    parse: (data) => DeleteExpenseResponseSchema.parse(data),
  });
}

/** GET /expenses/categories. */
export async function listCategories(client: ApiClient = apiClient): Promise<ExpenseCategory[]> {
  const answer = await client.get('/expenses/categories', {
    parse: (data) => ExpenseCategoriesResponseSchema.parse(data),
  });
  return answer.categories;
}

/** GET /expenses/subcategories. */
export async function listSubcategories(client: ApiClient = apiClient): Promise<ExpenseSubcategory[]> {
  const answer = await client.get('/expenses/subcategories', {
    parse: (data) => ExpenseSubcategoriesResponseSchema.parse(data),
  });
  return answer.subcategories;
}

/** GET /currencies. */
export async function listCurrencies(
  client: ApiClient = apiClient,
): Promise<CurrenciesResponse['currencies']> {
  const answer = await client.get('/currencies', { parse: (data) => CurrenciesResponseSchema.parse(data) });
  return answer.currencies;
}
