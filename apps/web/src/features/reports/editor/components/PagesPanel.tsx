import type { ReportPage } from '@maya/contracts';
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import {
  IconArrowDown,
  IconArrowUp,
  IconEye,
  IconEyeOff,
  IconPlus,
  IconTrash,
} from '../../../../shared/ui/icons';
import { editorMessages } from '../messages';
import { addPage, deletePage, movePage, renamePage, setPageHidden } from '../model/operations';
import type { ReportEditor } from '../hooks/useReportEditor';
import { EditorDrawer } from './EditorDrawer';

const text = editorMessages.page;

type PagesPanelProps = {
  editor: ReportEditor;
  currentPage: string;
  onPage: (name: string) => void;
  onClose: () => void;
};

/** Pages (issue 32): add, rename, reorder, hide in embedded reports (visibility 1), delete with confirmation. */
export function PagesPanel({ editor, currentPage, onPage, onClose }: PagesPanelProps) {
  const { pages } = editor.document;
  const [deleting, setDeleting] = useState<ReportPage | null>(null);
  const add = () => {
    const label = `${text.newName} ${String(pages.length + 1)}`;
    const { name } = addPage(editor.document, label);
    editor.change((doc) => addPage(doc, label).doc);
    // The new page is shown (in the same render as the draft that holds it), so its first
    // visual lands on it.
    onPage(name);
  };
  return (
    <EditorDrawer onClose={onClose} title={editorMessages.pages}>
      <Stack gap="sm">
        {pages.map((page, index) => (
          <Group key={page.name} gap={6} wrap="nowrap" align="center">
            <PageName
              key={`${page.name}:${page.display_name}`}
              page={page}
              current={page.name === currentPage}
              editor={editor}
            />
            {page.visibility === 1 && (
              <Badge size="xs" variant="light" color="gray">
                {text.hidden}
              </Badge>
            )}
            <ActionIcon
              variant="subtle"
              aria-label={text.up(page.display_name)}
              disabled={index === 0}
              onClick={() => editor.change((doc) => movePage(doc, page.name, -1))}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={text.down(page.display_name)}
              disabled={index === pages.length - 1}
              onClick={() => editor.change((doc) => movePage(doc, page.name, 1))}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={page.visibility === 1 ? text.show(page.display_name) : text.hide(page.display_name)}
              aria-pressed={page.visibility === 1}
              onClick={() => editor.change((doc) => setPageHidden(doc, page.name, page.visibility === 0))}
            >
              {page.visibility === 1 ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            </ActionIcon>
            <Tooltip label={text.lastPage} disabled={pages.length > 1}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={text.delete(page.display_name)}
                disabled={pages.length <= 1}
                onClick={() => setDeleting(page)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} mt="xs">
          {text.add}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={text.confirmTitle}
        message={
          deleting === null ? null : (
            <Text size="sm">{text.confirm(deleting.display_name, deleting.visuals.length)}</Text>
          )
        }
        confirmLabel={editorMessages.grid.delete}
        confirmColor="red"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return;
          const name = deleting.name;
          const next = pages.find((p) => p.name !== name);
          editor.change((doc) => deletePage(doc, name));
          if (name === currentPage && next !== undefined) onPage(next.name);
          setDeleting(null);
        }}
      />
    </EditorDrawer>
  );
}

/** A page's name, renamed when the field loses focus or Enter is pressed. */
function PageName({ page, current, editor }: { page: ReportPage; current: boolean; editor: ReportEditor }) {
  const [value, setValue] = useState(page.display_name);
  const commit = () => {
    if (value.trim() === '') setValue(page.display_name);
    else if (value.trim() !== page.display_name) editor.change((doc) => renamePage(doc, page.name, value));
  };
  return (
    <TextInput
      aria-label={editorMessages.page.name}
      value={value}
      maxLength={100}
      style={{ flex: 1 }}
      fw={current ? 600 : undefined}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}
