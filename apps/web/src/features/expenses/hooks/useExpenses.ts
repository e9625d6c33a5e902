import { expenseMessages, type Expense, type ExpenseInput } from '@maya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/ApiError';
import {
  deleteExpense,
  getExpense,
  listCategories,
  listCurrencies,
  listExpenses,
  listSubcategories,
  saveExpense,
} from '../api/expenses';
import { expensesKeys } from '../api/keys';

/** GET /expenses. */
export function useExpenses(organizationId: string) {
  return useQuery({
    queryKey: expensesKeys.list(organizationId),
    queryFn: () => listExpenses(organizationId),
  });
}

/** GET /expenses/{uuid}; null for an id no expense has yet (a new one: spec 001 §8, a 404 gives nothing). */
export function useExpense(organizationId: string, id: string) {
  return useQuery({
    queryKey: expensesKeys.expense(organizationId, id),
    queryFn: async (): Promise<Expense | null> => {
      try {
        return await getExpense(organizationId, id);
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    // The form keeps its own copy: a background read must not replace what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

const forever = { staleTime: Infinity } as const;

/** GET /expenses/categories. */
export const useExpenseCategories = () =>
  useQuery({ queryKey: expensesKeys.categories(), queryFn: () => listCategories(), ...forever });
/** GET /expenses/subcategories. */
export const useExpenseSubcategories = () =>
  useQuery({ queryKey: expensesKeys.subcategories(), queryFn: () => listSubcategories(), ...forever });
/** GET /currencies. */
export const useCurrencies = () =>
  useQuery({ queryKey: expensesKeys.currencies(), queryFn: () => listCurrencies(), ...forever });

/** PUT /expenses/{uuid}; before the organization is loaded it fails with the spec's words. */
export function useSaveExpense(organizationId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExpenseInput) => {
      if (organizationId === null) return Promise.reject(new Error(expenseMessages.organizationNotLoaded));
      return saveExpense(organizationId, id, input);
    },
    onSuccess: async (saved) => {
      if (organizationId === null) return;
      queryClient.setQueryData(expensesKeys.expense(organizationId, id), saved);
      await queryClient.invalidateQueries({ queryKey: expensesKeys.list(organizationId) });
    },
  });
}

/** DELETE /expenses/{uuid}: removed from the list once the server confirms. */
export function useDeleteExpense(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteExpense(organizationId, id),
    onSuccess: async (_done, id) => {
      queryClient.setQueryData<Expense[]>(expensesKeys.list(organizationId), (list) =>
        list?.filter((expense) => expense.uuid !== id),
      );
      queryClient.removeQueries({ queryKey: expensesKeys.expense(organizationId, id) });
      await queryClient.invalidateQueries({ queryKey: expensesKeys.list(organizationId) });
    },
  });
}
