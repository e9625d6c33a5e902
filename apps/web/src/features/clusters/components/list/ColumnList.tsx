import {
  ActionIcon,
  Badge,
  EmptyState,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { modelling, type ClusterCategory, type ClusterColumn } from '@maya/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { IconClusters, IconTrash } from '../../../../shared/ui/icons';
import { useDeleteColumn, useReorderColumns } from '../../hooks/useColumnMutations';
import { clustersMessages as text, reorderFailedMessage } from '../../messages';
import { canMoveColumn } from '../../model/reorder';
import { move } from '../../model/rules';
import { columnEditorPath } from '../../navigation';
import { showToast } from '../../../../shared/ui/toast';
import { DragHandleButton, SortableItem, SortableList } from '../common/Sortable';
import classes from './ColumnList.module.css';

type ColumnListProps = {
  organizationId: string;
  slug: string;
  category: ClusterCategory;
  columns: ClusterColumn[];
  readOnly: boolean;
};

/**
 * A category's columns in order. Dragging applies at once and is undone when the server refuses
 * ('Error: Can't move column …'); deleting asks first and removes the row once the server confirmed.
 * Fixed columns cannot be dragged or deleted, placeholders cannot be deleted (spec 001 §4, §6).
 */
export function ColumnList({ organizationId, slug, category, columns, readOnly }: ColumnListProps) {
  const reorder = useReorderColumns(organizationId, category);
  const remove = useDeleteColumn(organizationId, category);
  const [deleting, setDeleting] = useState<ClusterColumn | null>(null);

  if (columns.length === 0) {
    return (
      <Paper withBorder py={56} px="lg" radius="lg">
        <EmptyState
          variant="light"
          icon={<IconClusters size={28} />}
          title={text.emptyTitle}
          description={text.emptyDescription}
        />
      </Paper>
    );
  }

  const onMove = (from: number, to: number) => {
    if (readOnly || !canMoveColumn(columns, from, to)) return;
    reorder.mutate(
      move(columns, from, to).map((column) => column.id),
      {
        onError: (error) =>
          showToast('error', reorderFailedMessage(error), { durationMs: modelling.toastMs }),
      },
    );
  };

  const confirmDelete = () => {
    if (deleting === null) return;
    remove.mutate(deleting.id, {
      onSettled: () => setDeleting(null),
      onError: () => showToast('error', text.deleteFailed, { durationMs: modelling.toastMs }),
    });
  };

  return (
    <>
      <Paper withBorder radius="lg" className={classes.list}>
        <SortableList ids={columns.map((column) => column.id)} onMove={onMove}>
          <Stack gap={0} role="list" aria-label={text.title}>
            {columns.map((column) => (
              <SortableItem key={column.id} id={column.id} disabled={readOnly || column.is_fixed}>
                {(dragging) => (
                  <ColumnRow
                    column={column}
                    href={columnEditorPath(slug, category, column.id)}
                    draggable={!readOnly && !column.is_fixed}
                    dragging={dragging}
                    onDelete={
                      readOnly || column.is_fixed || column.is_placeholder ? null : () => setDeleting(column)
                    }
                  />
                )}
              </SortableItem>
            ))}
          </Stack>
        </SortableList>
      </Paper>
      <ConfirmDialog
        opened={deleting !== null}
        title={text.deleteTitle}
        message={deleting === null ? undefined : text.deleteBody(deleting.name)}
        confirmLabel={text.delete}
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

type ColumnRowProps = {
  column: ClusterColumn;
  href: string;
  draggable: boolean;
  dragging: boolean;
  onDelete: (() => void) | null;
};

function ColumnRow({ column, href, draggable, dragging, onDelete }: ColumnRowProps) {
  return (
    <Group className={classes.row} data-dragging={dragging || undefined} gap="sm" wrap="nowrap">
      <div className={classes.handle}>
        {draggable && <DragHandleButton label={text.dragHandle(column.name)} />}
      </div>
      <UnstyledButton component={Link} to={href} className={classes.link}>
        {/* The name read out starts with what the link does and holds every word shown (axe's
            label-content-name-mismatch refuses an aria-label that leaves the badges out). */}
        <VisuallyHidden>{text.editColumnPrefix} </VisuallyHidden>
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end" maw="100%">
            {column.name}
          </Text>
          {column.is_fixed && (
            <Badge variant="light" color="gray" size="sm">
              {text.fixed}
            </Badge>
          )}
          {column.is_placeholder && (
            <Badge variant="light" color="yellow" size="sm">
              {text.placeholder}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {text.ruleSetCount(column.values.length)}
        </Text>
      </UnstyledButton>
      <div className={classes.action}>
        {onDelete !== null && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={text.deleteColumn(column.name)}
            onClick={onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </div>
    </Group>
  );
}
