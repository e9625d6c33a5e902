import { Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { clusterMessages } from '@maya/contracts';
import { IconCheck, IconCopy } from '../../../../shared/ui/icons';
import { hasEnoughData, useSqlPreview, type PreviewSnapshot } from '../../hooks/usePreviews';
import { sqlError } from './previewErrors';
import { PreviewState } from './PreviewState';

/** The column's SQL as the warehouse runs it (spec 001 §3 SQL preview). */
export function SqlView({ query }: { query: PreviewSnapshot }) {
  const sql = useSqlPreview(query, true);
  if (!hasEnoughData(query.draft)) return <PreviewState message={clusterMessages.notEnoughDataSql} />;
  if (sql.isError) return <PreviewState message={sqlError(sql.error)} failed />;
  if (sql.data === undefined) return <PreviewState message={null} />;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <CopyButton value={sql.data}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={copy}
              leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
            >
              {copied ? 'Copied' : 'Copy SQL'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ maxHeight: 480, overflow: 'auto', whiteSpace: 'pre' }}>
        {sql.data}
      </Code>
    </Stack>
  );
}
