import { Table } from '@mantine/core';
import { reportMessages } from '../../messages';
import classes from '../visuals/ReportTable.module.css';
import type { ChartTable } from './chartTable';

/**
 * A chart shown as the table of its data: what a screen reader or a keyboard reads instead of the
 * canvas. The scroll box takes the focus, so a keyboard alone can scroll a long table.
 */
export function ChartDataTable({ table, title }: { table: ChartTable; title: string }) {
  const [first, ...values] = table.header;
  const label = reportMessages.visual.asTable(title);
  return (
    <div className={classes.scroll} tabIndex={0} role="region" aria-label={label}>
      <Table className={classes.table} stickyHeader verticalSpacing={6} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{first}</Table.Th>
            {values.map((name, index) => (
              <Table.Th key={index} scope="col" className={classes.number}>
                {name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map(([label, ...cells], index) => (
            <Table.Tr key={index}>
              <Table.Th scope="row" className={classes.text} fw={400}>
                {label}
              </Table.Th>
              {cells.map((cell, column) => (
                <Table.Td key={column} className={classes.number}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
