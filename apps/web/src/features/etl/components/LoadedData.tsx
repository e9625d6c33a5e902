import { Alert, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { EtlTable } from '@maya/contracts';
import { formatDay } from '../../../shared/lib/dates';
import { useEtlTables } from '../hooks/useEtlTables';
import { etlMessages, logsFailedMessage, tableLabel } from '../messages';

const count = new Intl.NumberFormat();

/**
 * What the loads left for the reports: each model table with its rows and the days it covers,
 * so that a user sees at a glance that a failed load kept the data that was there.
 */
export function LoadedData({ organizationId }: { organizationId: string }) {
  const tables = useEtlTables(organizationId);
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {etlMessages.loadedData}
      </Title>
      {tables.isPending ? (
        <Skeleton height={120} />
      ) : tables.isError ? (
        <Alert color="red" variant="light">
          {logsFailedMessage(tables.error)}
        </Alert>
      ) : tables.data.tables.every((table) => table.rows === 0) ? (
        <Text c="dimmed">{etlMessages.noData}</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={480} type="native">
            <Table aria-label={etlMessages.loadedData}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{etlMessages.tableColumns.table}</Table.Th>
                  <Table.Th ta="right">{etlMessages.tableColumns.rows}</Table.Th>
                  <Table.Th>{etlMessages.tableColumns.from}</Table.Th>
                  <Table.Th>{etlMessages.tableColumns.to}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tables.data.tables
                  .filter((table) => table.rows > 0)
                  .map((table) => (
                    <TableRow key={table.name} table={table} />
                  ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

function TableRow({ table }: { table: EtlTable }) {
  return (
    <Table.Tr>
      <Table.Td>{tableLabel(table.name)}</Table.Td>
      <Table.Td ta="right">{count.format(table.rows)}</Table.Td>
      <Table.Td>{table.first_date ? formatDay(table.first_date) : ''}</Table.Td>
      <Table.Td>{table.last_date ? formatDay(table.last_date) : ''}</Table.Td>
    </Table.Tr>
  );
}
