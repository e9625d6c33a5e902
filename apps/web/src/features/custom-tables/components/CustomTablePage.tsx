import {
  Alert,
  Anchor,
  Box,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  CUSTOM_TABLE_IDS,
  CUSTOM_TABLE_REQUIRED_COLUMNS,
  CUSTOM_TABLE_TITLES,
  columnsProblem,
  customTableMessages,
  defaultColumns,
  type CustomTable,
  type CustomTableColumn,
  type CustomTableId,
} from '@maya/contracts';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { organizationPath, useCurrentOrganization } from '../../organizations';
import type { UploadProgress } from '../api/customTables';
import { checkCsvFile } from '../csvFile';
import { useCustomTables, useUpdateCustomTableColumns, useUploadCustomTable } from '../hooks/useCustomTables';
import { customTablesText, rowErrors, uploadErrorMessage } from '../messages';
import { ColumnEditor } from './ColumnEditor';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function ProgressLine({ progress }: { progress: UploadProgress }) {
  if (progress.phase === 'sending') {
    const percent = progress.total > 0 ? (progress.sent / progress.total) * 100 : 0;
    return (
      <Stack gap={4}>
        <Progress value={percent} aria-label="Upload progress" />
        <Text size="sm">{customTablesText.sending(megabytes(progress.sent), megabytes(progress.total))}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Progress value={100} animated aria-label="Upload progress" />
      <Text size="sm">{customTablesText.checking(progress.rows)}</Text>
    </Stack>
  );
}

/**
 * sources/setup/custom-table/{tableId} (spec 001 §2, §4, §5): the CSV upload of a manual
 * category, its column editor for a new table, the browser's checks and the upload's progress
 * (bytes sent, then rows checked and loaded); `/edit` is the editor of a table with data.
 */
export function CustomTablePage({ mode }: { mode: 'upload' | 'edit' }) {
  const params = useParams();
  const organization = useCurrentOrganization();
  const tableId = (mode === 'edit' ? params.tableName : params.tableId) ?? '';
  if (organization === null) return null;
  if (!(CUSTOM_TABLE_IDS as string[]).includes(tableId)) {
    return <Navigate to={organizationPath(organization.slug, 'sources')} replace />;
  }
  return (
    <TableScreen
      mode={mode}
      tableId={tableId as CustomTableId}
      organizationId={organization.id}
      slug={organization.slug}
    />
  );
}

function TableScreen(props: {
  mode: 'upload' | 'edit';
  tableId: CustomTableId;
  organizationId: string;
  slug: string;
}) {
  const tables = useCustomTables(props.organizationId);
  if (tables.isPending) return null;
  const existing = tables.data?.tables.find((table) => table.table_id === props.tableId) ?? null;
  return <TableForm {...props} existing={existing} />;
}

function TableForm({
  mode,
  tableId,
  organizationId,
  slug,
  existing,
}: {
  mode: 'upload' | 'edit';
  tableId: CustomTableId;
  organizationId: string;
  slug: string;
  existing: CustomTable | null;
}) {
  const navigate = useNavigate();
  const sources = organizationPath(slug, 'sources');
  const required = new Set<string>(CUSTOM_TABLE_REQUIRED_COLUMNS[tableId]);
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<CustomTableColumn[]>(existing?.columns ?? []);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useUploadCustomTable(organizationId, tableId);
  const save = useUpdateCustomTableColumns(organizationId, tableId);
  const editing = mode === 'edit';
  const problem = columns.length === 0 ? null : columnsProblem(tableId, columns);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
    setProgress(null);
    const checked = await checkCsvFile(chosen, tableId, existing?.columns ?? null);
    if (!checked.ok) {
      setFileError(checked.message);
      return;
    }
    setFileError(null);
    if (existing === null) setColumns(defaultColumns(tableId, checked.header));
  };

  const send = () => {
    if (file === null || fileError !== null || problem !== null) return;
    upload.mutate({ file, columns: existing === null ? columns : null, onProgress: setProgress });
  };

  const result = upload.isSuccess ? upload.data : null;
  return (
    <Box p={{ base: 0, sm: 'xl' }} maw={1000}>
      <Stack gap="lg">
        <Anchor component={Link} to={sources} size="sm" c="dimmed" w="fit-content">
          {customTablesText.backToSources}
        </Anchor>
        <Title order={1} fz={28}>
          {CUSTOM_TABLE_TITLES[tableId]}
        </Title>
        <Paper withBorder p="lg" radius="lg">
          <Stack gap="xs">
            <Text size="sm">
              {customTablesText.requiredColumns}:{' '}
              <Text span ff="monospace" size="sm">
                {CUSTOM_TABLE_REQUIRED_COLUMNS[tableId].join(', ')}
              </Text>
            </Text>
            <Anchor href={`/examples/${tableId}.csv`} download size="sm" w="fit-content">
              {customTablesText.example}
            </Anchor>
            {existing !== null && existing.uploaded_at !== null && (
              <Text size="sm" c="dimmed">
                {existing.file_name ?? ''} · {customTablesText.loadedRows(existing.row_count)}
              </Text>
            )}
          </Stack>
        </Paper>
        {!editing && (
          <Paper withBorder p="lg" radius="lg">
            <Stack gap="md">
              <FileInput
                label={customTablesText.chooseFile}
                placeholder={customTableMessages.uploadCsv}
                accept=".csv,text/csv,application/vnd.ms-excel"
                value={file}
                onChange={(chosen) => void choose(chosen)}
                error={fileError}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear the file' }}
              />
              {columns.length > 0 && existing === null && file !== null && fileError === null && (
                <ColumnEditor
                  columns={columns}
                  required={required}
                  onChange={setColumns}
                  disabled={upload.isPending}
                />
              )}
              {problem !== null && file !== null && fileError === null && existing === null && (
                <Text c="red" size="sm" role="alert">
                  {problem}
                </Text>
              )}
              {upload.isPending && progress !== null && <ProgressLine progress={progress} />}
              {result !== null && (
                <Alert color="teal" variant="light" title={customTableMessages.uploaded}>
                  {customTablesText.loadedRows(result.rows)}
                </Alert>
              )}
              {upload.isError && (
                <Alert color="red" variant="light" title={uploadErrorMessage(upload.error)} role="alert">
                  {rowErrors(upload.error).length > 0 && (
                    <List size="sm" spacing={2}>
                      {rowErrors(upload.error).map((row, i) => (
                        <List.Item key={`${row.line}-${i}`}>{row.message}</List.Item>
                      ))}
                    </List>
                  )}
                </Alert>
              )}
              <Group>
                <Button
                  onClick={send}
                  loading={upload.isPending}
                  disabled={file === null || fileError !== null || problem !== null}
                >
                  {customTablesText.upload}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
        {editing && (
          <Paper withBorder p="lg" radius="lg">
            <Stack gap="md">
              {existing === null ? (
                <Text size="sm">{customTablesText.noData}</Text>
              ) : (
                <ColumnEditor
                  columns={columns}
                  required={required}
                  onChange={setColumns}
                  disabled={save.isPending}
                />
              )}
              {problem !== null && (
                <Text c="red" size="sm" role="alert">
                  {problem}
                </Text>
              )}
              {save.isError && (
                <Text c="red" size="sm" role="alert">
                  {uploadErrorMessage(save.error)}
                </Text>
              )}
              <Group>
                <Button
                  disabled={columns.length === 0 || problem !== null}
                  loading={save.isPending}
                  onClick={() => save.mutate(columns, { onSuccess: () => void navigate(sources) })}
                >
                  {customTablesText.save}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}

export const CustomTableSetupPage = () => <CustomTablePage mode="upload" />;
export const CustomTableEditPage = () => <CustomTablePage mode="edit" />;
