import type { ReportFieldTable, ReportPage, Visual } from '@maya/contracts';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { VisualView } from '../../components/visuals/VisualGrid';
import { editorMessages } from '../messages';
import { addVisual, freeKey, updateVisual, visualIds } from '../model/operations';
import {
  DEFAULT_SIZE,
  emptyForm,
  formToVisual,
  visualToForm,
  type VisualFormValues,
} from '../model/visualForm';
import { useReportFields } from '../hooks/useReportFields';
import type { ReportEditor } from '../hooks/useReportEditor';
import { EditorDrawer } from './EditorDrawer';
import { VisualFields } from './VisualFields';
import { VisualFilters } from './VisualFilters';

const text = editorMessages.visual;

type VisualPanelProps = {
  editor: ReportEditor;
  page: ReportPage;
  /** The visual edited; null adds one. */
  visualId: string | null;
  onClose: () => void;
};

/** Rows of 64 px the preview is drawn at (its width is the drawer's). */
const PREVIEW_HEIGHT = 300;

/**
 * The add/edit visual drawer (issue 32): chart type, data, measures, dimensions, sort, limit and
 * the visual's own filters from the report's model and the draft's calculated metrics, with the visual answering live
 * below as the choices change; Add or Apply makes it one undoable change of the draft.
 */
export function VisualPanel({ editor, page, visualId, onClose }: VisualPanelProps) {
  const metrics = editor.document.calculatedMeasures ?? [];
  const { tables, isError } = useReportFields(editor.organizationId, editor.slug, metrics);
  const editing = page.visuals.find((v) => v.id === visualId);
  return (
    <EditorDrawer onClose={onClose} size="lg" title={editing === undefined ? text.newTitle : text.editTitle}>
      {isError && <Alert color="red">{editorMessages.failed}</Alert>}
      {tables === undefined ? (
        !isError && <Loader size="sm" />
      ) : (
        <VisualForm editor={editor} page={page} tables={tables} editing={editing} onClose={onClose} />
      )}
    </EditorDrawer>
  );
}

function VisualForm({
  editor,
  page,
  tables,
  editing,
  onClose,
}: {
  editor: ReportEditor;
  page: ReportPage;
  tables: ReportFieldTable[];
  editing: Visual | undefined;
  onClose: () => void;
}) {
  const [form, setForm] = useState<VisualFormValues>(() =>
    editing !== undefined && editing.kind !== 'slicer' ? visualToForm(editing) : emptyForm(tables[0]),
  );
  const [newId] = useState(() => freeKey('visual', visualIds(editor.document)));
  const table = tables.find((t) => t.name === form.table);
  const made = useMemo(() => {
    if (table === undefined) return { missing: 'the data' };
    const size = DEFAULT_SIZE[form.kind];
    const layout = editing === undefined ? { x: 0, y: 0, ...size } : editing.layout;
    return formToVisual(form, table, { id: editing?.id ?? newId, layout });
  }, [form, table, editing, newId]);
  const visual = 'visual' in made ? made.visual : null;

  const commit = () => {
    if (visual === null) return;
    editor.change((doc) =>
      editing === undefined ? addVisual(doc, page.name, visual) : updateVisual(doc, page.name, visual),
    );
    onClose();
  };

  return (
    <Stack gap="md">
      <VisualFields
        form={form}
        tables={tables}
        // Another table drops the filters on the one before (they name its columns).
        onChange={(change) =>
          setForm((f) => ({
            ...f,
            ...change,
            ...(change.table !== undefined && change.table !== f.table ? { filters: [] } : {}),
          }))
        }
      />
      <VisualFilters
        table={table}
        filters={form.filters}
        onChange={(filters) => setForm((f) => ({ ...f, filters }))}
      />
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {text.preview}
        </Text>
        <Box h={PREVIEW_HEIGHT} data-testid="visual-preview">
          {visual === null ? (
            <Text size="sm" c="dimmed">
              {text.previewPending('missing' in made ? made.missing : '')}
            </Text>
          ) : (
            <VisualView visual={visual} />
          )}
        </Box>
      </Stack>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button onClick={commit} disabled={visual === null}>
          {editing === undefined ? text.add : text.apply}
        </Button>
      </Group>
    </Stack>
  );
}
