import { Alert, Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { IconPlus, IconReceipt } from '../../../shared/ui/icons';
import { useCurrentOrganization } from '../../organizations';
import { useExpenseCategories, useExpenses, useExpenseSubcategories } from '../hooks/useExpenses';
import { expensesText as text, loadFailure } from '../messages';
import { expensePath } from '../navigation';
import { PageLayout } from '../../../shared/ui/PageLayout';
import { ExpensesTable } from './ExpensesTable';

/** /expenses (spec 001 §2): the organization's manual expenses, with Add expense, Edit and delete. */
export function ExpensesPage() {
  const organization = useCurrentOrganization();
  if (organization === null) return null;
  return (
    <ExpensesList organizationId={organization.id} slug={organization.slug} demo={organization.is_demo} />
  );
}

function ExpensesList({
  organizationId,
  slug,
  demo,
}: {
  organizationId: string;
  slug: string;
  demo: boolean;
}) {
  const list = useExpenses(organizationId);
  const categories = useExpenseCategories();
  const subcategories = useExpenseSubcategories();
  const add = demo ? null : (
    <Button component={Link} to={expensePath(slug, crypto.randomUUID())} leftSection={<IconPlus size={16} />}>
      {text.addExpense}
    </Button>
  );

  let content;
  const failed = list.error ?? categories.error ?? subcategories.error;
  if (failed !== null) {
    content = (
      <Alert color="red" variant="light" title={loadFailure(failed)}>
        <Button
          size="xs"
          variant="white"
          color="red"
          onClick={() => void Promise.all([list.refetch(), categories.refetch(), subcategories.refetch()])}
        >
          {text.retry}
        </Button>
      </Alert>
    );
  } else if (list.data === undefined || categories.data === undefined || subcategories.data === undefined) {
    content = (
      <Stack gap="sm" aria-label="Loading expenses">
        <Skeleton height={40} radius="md" />
        <Skeleton height={40} radius="md" />
        <Skeleton height={40} radius="md" />
      </Stack>
    );
  } else if (list.data.length === 0) {
    content = (
      <Paper withBorder py={56} px="lg" radius="lg">
        <EmptyState
          variant="light"
          icon={<IconReceipt size={28} />}
          title={text.emptyTitle}
          description={text.emptyDescription}
        />
      </Paper>
    );
  } else {
    content = (
      <ExpensesTable
        organizationId={organizationId}
        slug={slug}
        expenses={list.data}
        categories={categories.data}
        subcategories={subcategories.data}
        readOnly={demo}
      />
    );
  }
  return (
    <PageLayout title={text.title} description={text.description} actions={add}>
      {content}
    </PageLayout>
  );
}
