import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  modelling,
  shortDescription,
  type Expense,
  type ExpenseCategory,
  type ExpenseSubcategory,
} from '@maya/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/lib/dates';
import { formatMinor } from '../../../shared/lib/money';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { IconPencil, IconTrash } from '../../../shared/ui/icons';
import { useDeleteExpense } from '../hooks/useExpenses';
import { expensesText as text } from '../messages';
import { expensePath } from '../navigation';
import { showToast } from '../../../shared/ui/toast';
import classes from './ExpensesTable.module.css';

type ExpensesTableProps = {
  organizationId: string;
  slug: string;
  expenses: readonly Expense[];
  categories: readonly ExpenseCategory[];
  subcategories: readonly ExpenseSubcategory[];
  readOnly: boolean;
};

/** How a row is named to screen readers and in the delete dialog: its amount and day. */
const rowName = (expense: Expense) =>
  `${formatMinor(expense.amount, expense.currency_code)} of ${formatDay(expense.payment_date)}`;

/**
 * The list's columns (spec 001 §2): Payment Date, Amount (in the organization's currency as
 * reports convert it, its own amount beneath when another), Category with subcategory, Is
 * Marketing Related, Description cut at 20 characters, and Edit and delete. On phones each row
 * is a card with its actions in view (ExpensesTable.module.css).
 */
export function ExpensesTable({
  organizationId,
  slug,
  expenses,
  categories,
  subcategories,
  readOnly,
}: ExpensesTableProps) {
  const remove = useDeleteExpense(organizationId);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const subcategoryName = new Map(subcategories.map((s) => [s.id, s.name]));

  const confirmDelete = () => {
    if (deleting === null) return;
    remove.mutate(deleting.uuid, {
      onSettled: () => setDeleting(null),
      onError: () => showToast('error', text.deleteFailed, { durationMs: modelling.toastMs }),
    });
  };

  return (
    <>
      <div className={classes.scroll}>
        <Table className={classes.table} verticalSpacing="sm" highlightOnHover aria-label={text.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.paymentDate}</Table.Th>
              <Table.Th ta="right">{text.amount}</Table.Th>
              <Table.Th>{text.category}</Table.Th>
              <Table.Th>{text.isMarketingRelated}</Table.Th>
              <Table.Th>{text.descriptionLabel}</Table.Th>
              <Table.Th className={classes.actions}>
                <VisuallyHidden>{text.actions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {expenses.map((expense) => {
              const converted = expense.converted;
              const foreign = converted.currency_code !== expense.currency_code;
              return (
                <Table.Tr key={expense.uuid} className={classes.row}>
                  <Table.Td className={classes.date}>
                    {formatDay(expense.payment_date)}
                    {expense.start_date !== null && expense.end_date !== null && (
                      <Text size="xs" c="dimmed">
                        {formatDay(expense.start_date)} – {formatDay(expense.end_date)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    <Tooltip label={text.convertedNote(converted.currency_code)} disabled={!foreign}>
                      <Text span fw={600} ff="monospace" size="sm">
                        {converted.amount === null
                          ? text.noRate
                          : formatMinor(converted.amount, converted.currency_code)}
                      </Text>
                    </Tooltip>
                    {foreign && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {formatMinor(expense.amount, expense.currency_code)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.category}>
                    <Text size="sm">{categoryName.get(expense.category) ?? expense.category}</Text>
                    <Text size="xs" c="dimmed">
                      {subcategoryName.get(expense.subcategory) ?? expense.subcategory}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.marketing}>
                    <Text span size="xs" c="dimmed" className={classes.cardLabel}>
                      {text.marketingShort}
                    </Text>
                    <Badge variant="light" color={expense.is_marketing_related ? 'teal' : 'gray'}>
                      {expense.is_marketing_related ? text.yes : text.no}
                    </Badge>
                  </Table.Td>
                  <Table.Td className={classes.description} title={expense.description}>
                    {shortDescription(expense.description)}
                  </Table.Td>
                  <Table.Td className={classes.actions}>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        component={Link}
                        to={expensePath(slug, expense.uuid)}
                        variant="subtle"
                        color="gray"
                        aria-label={text.edit(rowName(expense))}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      {!readOnly && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={text.delete(rowName(expense))}
                          onClick={() => setDeleting(expense)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
      <ConfirmDialog
        opened={deleting !== null}
        title={text.deleteTitle}
        message={deleting === null ? null : text.deleteBody(rowName(deleting))}
        confirmLabel={text.deleteConfirm}
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
