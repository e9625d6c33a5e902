import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { operations } from '@maya/contracts';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import { useCurrentOrganization } from '../../organizations';
import {
  useCurrencies,
  useExpense,
  useExpenseCategories,
  useExpenseSubcategories,
} from '../hooks/useExpenses';
import { expensesText as text, loadFailure } from '../messages';
import { emptyExpense, expenseToValues } from '../model/form';
import { isExpenseId } from '../navigation';
import { ExpenseForm } from './ExpenseForm';
import { PageLayout } from '../../../shared/ui/PageLayout';

/** Today as `YYYY-MM-DD` in the browser's time zone: the day a person means by "today". */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * /expenses/{expenseId} (spec 001 §2): the form of the expense at that UUID; an id no expense has
 * yet is a new one (the list's Add expense opens a fresh UUID), a malformed one the 404 page.
 */
export function ExpenseFormPage() {
  const { expenseId } = useParams();
  const organization = useCurrentOrganization();
  if (!isExpenseId(expenseId)) return <NotFoundPage embedded />;
  if (organization === null) return null;
  return (
    <ExpenseFormLoader
      key={`${organization.id}/${expenseId}`}
      organizationId={organization.id}
      slug={organization.slug}
      currency={organization.currency_id || operations.defaultCurrency}
      id={expenseId}
      readOnly={organization.is_demo}
    />
  );
}

type LoaderProps = { organizationId: string; slug: string; currency: string; id: string; readOnly: boolean };

function ExpenseFormLoader({ organizationId, slug, currency, id, readOnly }: LoaderProps) {
  const expense = useExpense(organizationId, id);
  const categories = useExpenseCategories();
  const subcategories = useExpenseSubcategories();
  const currencies = useCurrencies();
  const failed = expense.error ?? categories.error ?? subcategories.error ?? currencies.error;
  const title = expense.data === null ? text.newTitle : text.editTitle;

  let content;
  if (failed !== null) {
    content = (
      <Alert color="red" variant="light" title={loadFailure(failed)}>
        <Button size="xs" variant="white" color="red" onClick={() => void expense.refetch()}>
          {text.retry}
        </Button>
      </Alert>
    );
  } else if (
    expense.data === undefined ||
    categories.data === undefined ||
    subcategories.data === undefined ||
    currencies.data === undefined
  ) {
    content = (
      <Stack gap="md" maw={560} aria-label="Loading expense">
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  } else {
    content = (
      <ExpenseForm
        organizationId={organizationId}
        slug={slug}
        id={id}
        initial={expense.data === null ? emptyExpense(currency, today()) : expenseToValues(expense.data)}
        categories={categories.data}
        subcategories={subcategories.data}
        currencies={currencies.data}
        readOnly={readOnly}
      />
    );
  }
  return <PageLayout title={expense.data === undefined ? text.title : title}>{content}</PageLayout>;
}
