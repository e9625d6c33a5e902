import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CUSTOM_TABLES_REPORT_SLUG, encodeReportState, type CustomTableId } from '@maya/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { dashboardPath, organizationPath } from '../../../shared/organizations';
import { useCustomTables, useDeleteCustomTable } from '../hooks/useCustomTables';
import { customTablesText } from '../messages';

const day = (iso: string) => {
  const [year, month, date] = iso.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
};

/**
 * The sources page's custom tables (spec 001 §2): each manual category with its rows and last
 * file, and Edit Schema, Upload new file and Delete; a category without data offers Upload CSV.
 */
export function CustomTablesSection({ organizationId, slug }: { organizationId: string; slug: string }) {
  const tables = useCustomTables(organizationId);
  const remove = useDeleteCustomTable(organizationId);
  const [deleting, setDeleting] = useState<{ id: CustomTableId; name: string } | null>(null);
  if (!tables.isSuccess) return null;
  const setup = (id: string, edit = false) =>
    organizationPath(slug, `sources/setup/custom-table/${id}${edit ? '/edit' : ''}`);
  // The Custom tables report opened on the table's page.
  const report = (id: CustomTableId) =>
    `${dashboardPath(slug, CUSTOM_TABLES_REPORT_SLUG)}?${new URLSearchParams({
      state: encodeReportState({ version: 1, page: id, filters: [], slicers: [], sort: [] }),
    }).toString()}`;
  return (
    <Paper withBorder radius="lg" p="lg" aria-label={customTablesText.section} component="section">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {customTablesText.section}
        </Title>
        <Text size="sm" c="dimmed">
          {customTablesText.sectionDescription}
        </Text>
        <Table verticalSpacing="sm">
          <Table.Tbody>
            {tables.data.categories.map((category) => {
              const table = tables.data.tables.find((t) => t.table_id === category.table_id) ?? null;
              return (
                <Table.Tr key={category.table_id}>
                  <Table.Td>
                    <Group justify="space-between" gap="sm" wrap="wrap">
                      <div>
                        <Text fw={600} size="sm">
                          {category.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {table?.uploaded_at
                            ? `${customTablesText.loadedRows(table.row_count)} · ${day(table.uploaded_at)}`
                            : customTablesText.noData}
                        </Text>
                      </div>
                      <Group gap="xs" wrap="wrap">
                        {table === null ? (
                          <Button size="xs" variant="light" component={Link} to={setup(category.table_id)}>
                            {customTablesText.uploadCsv}
                          </Button>
                        ) : (
                          <>
                            <Badge variant="light" color="teal">
                              CSV
                            </Badge>
                            <Button
                              size="xs"
                              variant="light"
                              component={Link}
                              to={report(category.table_id)}
                              aria-label={customTablesText.viewReportOf(category.name)}
                            >
                              {customTablesText.viewReport}
                            </Button>
                            <Button
                              size="xs"
                              variant="default"
                              component={Link}
                              to={setup(category.table_id, true)}
                            >
                              {customTablesText.editSchema}
                            </Button>
                            <Button
                              size="xs"
                              variant="default"
                              component={Link}
                              to={setup(category.table_id)}
                            >
                              {customTablesText.uploadNew}
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => setDeleting({ id: category.table_id, name: category.name })}
                            >
                              {customTablesText.delete}
                            </Button>
                          </>
                        )}
                      </Group>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={customTablesText.deleteTitle}
        message={deleting === null ? '' : customTablesText.deleteMessage(deleting.name)}
        confirmLabel={customTablesText.delete}
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return;
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Paper>
  );
}
