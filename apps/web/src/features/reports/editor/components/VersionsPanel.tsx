import { Badge, Button, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../../shared/lib/dates';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { reportKeys } from '../../api/keys';
import { listReportVersions } from '../api/editor';
import type { ReportEditor } from '../hooks/useReportEditor';
import { EditorDrawer } from './EditorDrawer';
import { editorMessages } from '../messages';

const text = editorMessages.versions;

/** HH:MM of an ISO instant, in the browser's time zone. */
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** Version history (issue 32): who saved each version and when, newest first; restore one. */
export function VersionsPanel({ editor, onClose }: { editor: ReportEditor; onClose: () => void }) {
  const versions = useQuery({
    queryKey: reportKeys.versions(editor.organizationId, editor.slug),
    queryFn: () => listReportVersions(editor.organizationId, editor.slug),
  });
  const [restoring, setRestoring] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const data = versions.data;
  return (
    <EditorDrawer onClose={onClose} title={editorMessages.history}>
      {data === undefined ? (
        <Loader size="sm" />
      ) : (
        <Timeline active={0} bulletSize={14} lineWidth={2}>
          {data.versions.map((v) => (
            <Timeline.Item
              key={v.version}
              title={
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {text.version(v.version)}
                  </Text>
                  {v.version === data.current && (
                    <Badge size="xs" variant="light" color="teal">
                      {text.current}
                    </Badge>
                  )}
                </Group>
              }
            >
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {`${formatDate(v.created_at)} ${timeOf(v.created_at)} · ${text.by(v.created_by?.name ?? text.unknown)}`}
                </Text>
                {v.version !== data.current && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    w="fit-content"
                    onClick={() => setRestoring(v.version)}
                  >
                    {text.restore}
                  </Button>
                )}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <ConfirmDialog
        opened={restoring !== null}
        title={text.restoreTitle}
        message={restoring === null ? null : text.restoreConfirm(restoring)}
        confirmLabel={text.restore}
        loading={busy}
        onCancel={() => setRestoring(null)}
        onConfirm={() => {
          if (restoring === null) return;
          setBusy(true);
          void editor.restore(restoring).finally(() => {
            setBusy(false);
            setRestoring(null);
          });
        }}
      />
    </EditorDrawer>
  );
}
