import type { ReportColumn, Visual } from '@maya/contracts';
import { Table } from '@mantine/core';
import { useMemo } from 'react';
import { useDashboard } from '../../hooks/useDashboard';
import { useVisualAnswer } from '../../hooks/useVisualAnswer';
import { reportMessages } from '../../messages';
import { formatDimension, formatMeasure } from '../../model/format';
import { pivotMatrix, type Matrix, type MatrixKey } from '../../model/matrix';
import classes from './ReportTable.module.css';
import { VisualEmpty, VisualError, VisualFrame, VisualLoading } from './VisualFrame';

type MatrixVisualType = Extract<Visual, { kind: 'matrix' }>;

const { total: TOTAL } = reportMessages.visual;

function keyLabel(key: MatrixKey, dimensions: readonly ReportColumn[], partial: readonly string[]): string {
  return key.values
    .map((value, i) =>
      formatDimension(value, dimensions[i] ?? { name: '', type: 'string', grain: null }, partial),
    )
    .join(' · ');
}

type Group = { key: string; label: string; value: (measure: string) => unknown; total: boolean };

/** The column groups: one per column key (or one without column dimensions), then the totals. */
/** `partial`: the answer's partial periods, marked in the column labels. */
function groupsOf(matrix: Matrix, row: MatrixKey | null, partial: readonly string[]): Group[] {
  const { columnDimensions, columns, rowTotal, columnTotal, grandTotal } = matrix;
  const noColumns = columnDimensions.length === 0;
  const groups: Group[] = columns.map((column) => ({
    key: column.key,
    label: noColumns ? '' : keyLabel(column, columnDimensions, partial),
    value: (measure) =>
      row === null
        ? noColumns
          ? grandTotal?.(measure)
          : columnTotal?.(column.key, measure)
        : matrix.cell(row.key, column.key, measure),
    total: false,
  }));
  if (noColumns || rowTotal === null) return groups;
  return [
    ...groups,
    {
      key: 'total',
      label: TOTAL,
      value: (measure) => (row === null ? grandTotal?.(measure) : rowTotal(row.key, measure)),
      total: true,
    },
  ];
}

/** A matrix visual: row dimensions down, column dimensions across, with totals both ways. */
export function MatrixVisual({ visual }: { visual: MatrixVisualType }) {
  const { currency } = useDashboard();
  const { data, error, isPending, refreshing } = useVisualAnswer(visual);
  const matrix = useMemo(
    () =>
      data === undefined
        ? null
        : pivotMatrix(data, {
            rows: visual.rows.map((d) => d.name),
            columns: visual.columns.map((d) => d.name),
            measures: visual.measures,
            sorted: visual.sort.length > 0,
          }),
    [data, visual],
  );
  const title = visual.title ?? (matrix?.rowDimensions.map((d) => d.label).join(', ') || '');

  let body;
  if (isPending) body = <VisualLoading />;
  else if (error !== null && data === undefined) body = <VisualError error={error} />;
  else if (matrix === null || matrix.rows.length === 0) body = <VisualEmpty table />;
  else {
    const { rowDimensions, columnDimensions, measures } = matrix;
    const partial = data?.partial_periods ?? [];
    const headerGroups = groupsOf(matrix, null, partial);
    const twoLevels = columnDimensions.length > 0;
    const measureCell = (group: Group, measure: ReportColumn, value: unknown, first: boolean) => (
      <Table.Td
        key={`${group.key}:${measure.name}`}
        className={`${classes.number} ${first ? classes.divider : ''}`}
        fw={group.total ? 600 : undefined}
      >
        {formatMeasure(value, measure.format, { currency })}
      </Table.Td>
    );
    body = (
      // Focusable: a matrix has no sortable header to reach its scrolling box with the keyboard.
      <div className={classes.scroll} tabIndex={0} role="group" aria-label={title}>
        <Table className={classes.table} stickyHeader highlightOnHover>
          <Table.Thead>
            {twoLevels && (
              <Table.Tr>
                {rowDimensions.map((d) => (
                  <Table.Th key={d.name} rowSpan={2}>
                    {d.label}
                  </Table.Th>
                ))}
                {headerGroups.map((group) => (
                  <Table.Th key={group.key} colSpan={measures.length} className={classes.group}>
                    {group.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            )}
            <Table.Tr>
              {!twoLevels && rowDimensions.map((d) => <Table.Th key={d.name}>{d.label}</Table.Th>)}
              {headerGroups.flatMap((group) =>
                measures.map((m, i) => (
                  <Table.Th
                    key={`${group.key}:${m.name}`}
                    className={`${classes.number} ${i === 0 && twoLevels ? classes.divider : ''}`}
                  >
                    {m.label}
                  </Table.Th>
                )),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matrix.rows.map((row) => (
              <Table.Tr key={row.key}>
                {row.values.map((value, i) => {
                  const dimension = rowDimensions[i];
                  const text = dimension === undefined ? '' : formatDimension(value, dimension, partial);
                  return (
                    <Table.Td key={dimension?.name ?? i} className={classes.text} title={text}>
                      {text}
                    </Table.Td>
                  );
                })}
                {groupsOf(matrix, row, partial).flatMap((group) =>
                  measures.map((m, i) => measureCell(group, m, group.value(m.name), i === 0 && twoLevels)),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {visual.totals && matrix.grandTotal !== null && (
            <Table.Tfoot>
              <Table.Tr className={classes.totals}>
                {rowDimensions.map((d, i) => (
                  <Table.Td key={d.name}>{i === 0 ? TOTAL : ''}</Table.Td>
                ))}
                {headerGroups.flatMap((group) =>
                  measures.map((m, i) => measureCell(group, m, group.value(m.name), i === 0 && twoLevels)),
                )}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </div>
    );
  }

  return (
    <VisualFrame title={title} table={visual.table} answer={data} refreshing={refreshing}>
      {body}
    </VisualFrame>
  );
}
