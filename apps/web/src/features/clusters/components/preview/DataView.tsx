import { Button, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { clusterMessages, type ClusterPreviewResponse } from '@maya/contracts';
import { useState } from 'react';
import { IconArrowLeft, IconChevronDown } from '../../../../shared/ui/icons';
import type { PreviewOrder } from '../../api/clustering';
import { hasEnoughData, usePreview, usePreviewValue, type PreviewSnapshot } from '../../hooks/usePreviews';
import { clustersMessages as text } from '../../messages';
import { currencyColumn, formatCell } from '../../model/format';
import { previewError } from './previewErrors';
import { PreviewState } from './PreviewState';
import classes from './PreviewTables.module.css';

type DataViewProps = {
  query: PreviewSnapshot;
  /** A value whose rows are shown instead of the preview (null: the rows no rule set matches). */
  value: { value: string | null } | null;
  onOpenValue: (value: string | null) => void;
  onCloseValue: () => void;
};

const noOrder: PreviewOrder = { orderBy: null, orderDirection: null };

/** The category's rows with the column (spec 001 §3 Preview table), or one value's rows. */
export function DataView({ query, value, onOpenValue, onCloseValue }: DataViewProps) {
  const [order, setOrder] = useState<PreviewOrder>(noOrder);
  const preview = usePreview(query, order);
  const rows = usePreviewValue(query, value, order);
  if (!hasEnoughData(query.draft)) return <PreviewState message={clusterMessages.notEnoughDataPreview} />;
  if (value !== null) {
    let body;
    if (rows.isError) body = <PreviewState message={clusterMessages.previewValueFailed} failed />;
    else if (rows.data === undefined) body = <PreviewState message={null} />;
    else
      body = (
        <PreviewTable
          data={rows.data}
          order={order}
          onOrder={setOrder}
          empty={clusterMessages.noDataForTable}
        />
      );
    return (
      <>
        <Group gap="xs" mb="sm" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconArrowLeft size={14} />}
            onClick={onCloseValue}
          >
            {text.closeValue}
          </Button>
          <Text size="sm" fw={600} truncate="end">
            {text.previewValue(value.value ?? text.noneValue)}
          </Text>
        </Group>
        {body}
      </>
    );
  }
  if (preview.isError) return <PreviewState message={previewError(preview.error)} failed />;
  if (preview.data === undefined) return <PreviewState message={null} />;
  const columnIndex = preview.data.headers.findIndex((header) => header.name === query.draft?.name);
  return (
    <PreviewTable
      data={preview.data}
      order={order}
      onOrder={setOrder}
      empty={clusterMessages.noData}
      linkColumn={columnIndex}
      onOpenValue={onOpenValue}
    />
  );
}

type PreviewTableProps = {
  data: ClusterPreviewResponse;
  order: PreviewOrder;
  onOrder: (order: PreviewOrder) => void;
  empty: string;
  /** The column whose values open their rows. */
  linkColumn?: number;
  onOpenValue?: (value: string | null) => void;
};

/** Headers sort on click (ascending, then descending); the first column takes 40% (spec 001 §9). */
function PreviewTable({ data, order, onOrder, empty, linkColumn = -1, onOpenValue }: PreviewTableProps) {
  if (data.data.length === 0) return <PreviewState message={empty} />;
  const currencyAt = currencyColumn(data.headers);
  return (
    <Table.ScrollContainer minWidth={Math.max(360, data.headers.length * 120)} maxHeight={520}>
      <Table stickyHeader verticalSpacing={6} highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {data.headers.map((header, index) => {
              const sorted = order.orderBy === header.name ? order.orderDirection : null;
              const right = header.type !== 'other';
              return (
                <Table.Th
                  key={header.name}
                  w={index === 0 ? '40%' : undefined}
                  ta={right ? 'right' : undefined}
                  aria-sort={sorted === null ? 'none' : sorted === 'asc' ? 'ascending' : 'descending'}
                >
                  <UnstyledButton
                    className={classes.sort}
                    onClick={() =>
                      onOrder({ orderBy: header.name, orderDirection: sorted === 'asc' ? 'desc' : 'asc' })
                    }
                  >
                    {header.name}
                    {sorted !== null && (
                      <IconChevronDown
                        size={14}
                        style={{ transform: sorted === 'asc' ? 'rotate(180deg)' : undefined }}
                      />
                    )}
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.data.map((row, rowIndex) => (
            <Table.Tr key={rowIndex}>
              {row.map((cell, index) => {
                const header = data.headers[index] ?? { name: '', type: 'other' as const };
                const currency = currencyAt >= 0 ? row[currencyAt] : null;
                const shown = formatCell(cell, header, typeof currency === 'string' ? currency : null);
                return (
                  <Table.Td
                    key={index}
                    ta={header.type !== 'other' ? 'right' : undefined}
                    className={classes.cell}
                  >
                    {index === linkColumn && onOpenValue !== undefined ? (
                      <UnstyledButton
                        className={classes.valueLink}
                        onClick={() => onOpenValue(typeof cell === 'string' ? cell : null)}
                      >
                        {cell === null ? (
                          <Text span size="sm" c="dimmed" fs="italic">
                            {text.noneValue}
                          </Text>
                        ) : (
                          shown
                        )}
                      </UnstyledButton>
                    ) : (
                      shown
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
