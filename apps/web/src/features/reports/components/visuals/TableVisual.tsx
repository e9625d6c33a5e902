import { reportLimits, type ReportColumn, type Sort, type Visual } from '@maya/contracts';
import { Table, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { IconChevronDown, IconSelector } from '../../../../shared/ui/icons';
import { useDashboard } from '../../hooks/useDashboard';
import { useVisualAnswer } from '../../hooks/useVisualAnswer';
import { reportMessages } from '../../messages';
import { formatCell } from '../../model/format';
import { nextSort, sortOf, withSort } from '../../model/state';
import { shownColumns } from '../../model/tableColumns';
import classes from './ReportTable.module.css';
import { TablePager } from './TablePager';
import { VisualEmpty, VisualError, VisualFrame, VisualLoading } from './VisualFrame';

type TableVisualType = Extract<Visual, { kind: 'table' }>;

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: ReportColumn;
  sort: readonly Sort[];
  onSort: (field: string) => void;
}) {
  const current = sort[0]?.field === column.name ? sort[0].direction : null;
  const numeric = column.role === 'measure';
  const ariaSort = current === null ? 'none' : current === 'asc' ? 'ascending' : 'descending';
  return (
    <Table.Th className={numeric ? classes.number : undefined} aria-sort={ariaSort}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(column.name)}
        aria-label={reportMessages.visual.sortBy(column.label)}
      >
        <span>{column.label}</span>
        {current === null ? (
          <IconSelector size={12} color="var(--mantine-color-gray-5)" />
        ) : (
          <IconChevronDown
            size={12}
            color="var(--mantine-color-indigo-6)"
            style={{ transform: current === 'asc' ? 'rotate(180deg)' : undefined }}
          />
        )}
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A table visual: sortable headers (the sort goes into the report state), a page of rows, a
 * totals row over every row, and a pager when there is more than one page. The page is not part
 * of the report state: another page, filter or sort starts again at the first rows.
 */
export function TableVisual({ visual }: { visual: TableVisualType }) {
  const { currency, state, filters, update } = useDashboard();
  const sort = sortOf(state, visual.id) ?? visual.sort;
  // A new view forgets the page (returning to an earlier view too), as it renders.
  const view = JSON.stringify([state.page, filters, sort]);
  const [paging, setPaging] = useState({ view, offset: 0, shown: 0 });
  if (paging.view !== view) setPaging({ view, offset: 0, shown: 0 });
  const offset = paging.view === view ? paging.offset : 0;
  const { data, error, isPending, isPlaceholderData, refreshing } = useVisualAnswer(visual, offset);
  // The rows on screen are another page's while the asked one loads: the pager tells those.
  if (data !== undefined && !isPlaceholderData && paging.shown !== offset) {
    setPaging({ ...paging, shown: offset });
  }
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current !== null) scroller.current.scrollTop = 0;
  }, [offset]);
  const pageSize = visual.limit ?? reportLimits.defaultTableRows;
  const pager =
    data !== undefined && (offset > 0 || data.truncated) ? (
      <TablePager
        offset={paging.shown}
        pageSize={pageSize}
        rows={data.rows.length}
        hasNext={data.truncated}
        loading={refreshing}
        onOffset={(next) => setPaging({ ...paging, offset: next })}
      />
    ) : undefined;
  const title =
    visual.title ??
    (data?.columns
      .map((c) => c.label)
      .slice(0, 2)
      .join(' and ') ||
      '');
  const onSort = (field: string) => update((s) => withSort(s, visual.id, nextSort(sort, field)));

  let body;
  if (isPending) body = <VisualLoading />;
  else if (error !== null && data === undefined) body = <VisualError error={error} />;
  else if (data === undefined || data.rows.length === 0) body = <VisualEmpty table />;
  else {
    const { rows, totals } = data;
    const columns = shownColumns(data.columns, rows);
    body = (
      <div className={classes.scroll} ref={scroller}>
        <Table className={classes.table} stickyHeader highlightOnHover verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <SortHeader key={column.name} column={column} sort={sort} onSort={onSort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index}>
                {columns.map((column) => {
                  const text = formatCell(row[column.name], column, currency, row, data.partial_periods);
                  return column.role === 'measure' ? (
                    <Table.Td key={column.name} className={classes.number}>
                      {text}
                    </Table.Td>
                  ) : (
                    <Table.Td key={column.name} className={classes.text} title={text}>
                      {text}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {visual.totals && totals !== null && (
            <Table.Tfoot>
              <Table.Tr className={classes.totals}>
                {columns.map((column, index) => (
                  <Table.Td
                    key={column.name}
                    className={column.role === 'measure' ? classes.number : undefined}
                  >
                    {column.role === 'measure'
                      ? formatCell(totals.grand[column.name] ?? null, column, currency)
                      : index === 0
                        ? reportMessages.visual.total
                        : ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </div>
    );
  }

  return (
    <VisualFrame title={title} table={visual.table} answer={data} refreshing={refreshing} footerEnd={pager}>
      {body}
    </VisualFrame>
  );
}
