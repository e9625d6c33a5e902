import { expenseLoadError, expenseMessages, expenseSaveError, ExpenseErrorType } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';
import { CANT_CONNECT_MESSAGE, isConnectionError } from '../../shared/api/describeError';

/** Every user-visible text of the expenses area (spec 001 §2, §4, §5, §8), verbatim where the spec has one. */
export const expensesText = {
  ...expenseMessages,
  title: 'Manual Expenses',
  description:
    'Costs your ad platforms do not report: agencies, software, events. Marketing-related ones count in the marketing cost, CPA and ROAS of your reports.',
  addExpense: 'Add expense',
  emptyTitle: 'No expenses yet',
  emptyDescription: 'Add an expense to count it in your marketing cost.',
  paymentDate: 'Payment Date',
  amount: 'Amount',
  currency: 'Currency',
  category: 'Category',
  subcategory: 'Subcategory',
  isMarketingRelated: 'Is Marketing Related',
  /** Before the Yes/No badge of a card on phones, where the column's heading is not shown. */
  marketingShort: 'Marketing',
  descriptionLabel: 'Description',
  advanced: 'Advanced',
  advancedHint:
    'A period spreads the amount evenly over its days in reports; without one it falls on the payment date.',
  periodStart: 'Period Start Date',
  periodEnd: 'Period End Date',
  save: 'Save',
  cancel: 'Cancel',
  back: 'Back to expenses',
  newTitle: 'New expense',
  editTitle: 'Edit expense',
  yes: 'Yes',
  no: 'No',
  edit: (what: string) => `Edit ${what}`,
  delete: (what: string) => `Delete ${what}`,
  deleteTitle: 'Delete expense?',
  deleteBody: (what: string) =>
    `${what} will be removed from your reports' marketing cost. This cannot be undone.`,
  deleteConfirm: 'Delete',
  deleteFailed: 'Could not delete the expense.',
  convertedNote: (currency: string) =>
    `In ${currency}, converted per day at the ECB reference rate as reports convert.`,
  noRate: 'No rate yet',
  actions: 'Actions',
  retry: 'Try again',
  loadError: expenseLoadError,
  saveError: expenseSaveError,
} as const;

/** The words for a failed load (spec 001 §8: 'Error loading expense: {type}'). */
export function loadFailure(error: unknown): string {
  if (isConnectionError(error)) return CANT_CONNECT_MESSAGE;
  return expenseLoadError(isApiError(error) ? error.type : 'unexpected_error');
}

/** The words for a failed save (spec 001 §4: '{message}. Please try again later.'). */
export function saveFailure(error: unknown): string {
  if (isConnectionError(error)) return expenseSaveError(CANT_CONNECT_MESSAGE);
  if (isApiError(error)) {
    if (error.type === ExpenseErrorType.warehouseUnavailable) {
      return expenseSaveError("Your organization's data could not take the expense");
    }
    const message = error.detail?.message ?? error.issues?.map((issue) => issue.msg).join(', ');
    return expenseSaveError(typeof message === 'string' && message !== '' ? message : error.type);
  }
  return expenseSaveError(error instanceof Error ? error.message : 'Something went wrong');
}
