import type { ReportPage } from '@maya/contracts';
import { ActionIcon, Alert, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import {
  IconCalculator,
  IconHistory,
  IconPages,
  IconPlus,
  IconRedo,
  IconUndo,
} from '../../../../shared/ui/icons';
import { useNarrowScreen } from '../../../../shared/hooks/useNarrowScreen';
import type { ReportEditor } from '../hooks/useReportEditor';
import { editorMessages as text } from '../messages';
import { MetricsPanel } from './MetricsPanel';
import { PagesPanel } from './PagesPanel';
import { VersionsPanel } from './VersionsPanel';
import { VisualPanel } from './VisualPanel';

type EditorBarProps = {
  editor: ReportEditor;
  page: ReportPage | null;
  onPage: (name: string) => void;
};

/** Below this toolbar width the labelled buttons wrapped onto three rows. */
const COMPACT_BELOW_PX = 1000;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const shortcut = (key: string) => `${isMac ? '⌘' : 'Ctrl+'}${key}`;

/**
 * Edit mode's toolbar (issue 32): undo and redo, add a visual, pages, calculated metrics, the
 * version history, and Save with what the draft's state is; its side panels.
 */
export function EditorBar({ editor, page, onPage }: EditorBarProps) {
  const narrow = useNarrowScreen();
  // Beside the bookmarks pane the toolbar has half a screen: the secondary buttons keep to their
  // icons there (a tooltip names them), so undo to Save stays on one row.
  const { ref: bar, width } = useElementSize();
  const compact = narrow || (width > 0 && width < COMPACT_BELOW_PX);
  const { panel, setPanel, status } = editor;
  const close = () => setPanel(null);
  const state =
    status === 'saving' ? text.saving : editor.dirty ? text.unsaved : status === 'saved' ? text.saved : '';
  const button = (label: string, icon: ReactNode, onClick: () => void, iconOnly = compact) =>
    iconOnly ? (
      <Tooltip label={label} withArrow>
        <ActionIcon variant="default" size={36} aria-label={label} onClick={onClick}>
          {icon}
        </ActionIcon>
      </Tooltip>
    ) : (
      <Button variant="default" size="sm" leftSection={icon} onClick={onClick}>
        {label}
      </Button>
    );
  return (
    <>
      <Paper
        ref={bar}
        withBorder
        radius="md"
        px="sm"
        py={6}
        bg="indigo.0"
        role="toolbar"
        aria-label={text.toolbar}
      >
        <Group justify="space-between" gap="xs" wrap={compact ? 'nowrap' : 'wrap'}>
          <Group gap={6} wrap={compact ? 'nowrap' : 'wrap'}>
            <Tooltip label={`${text.undo} (${shortcut('Z')})`} withArrow>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={text.undo}
                disabled={!editor.canUndo}
                onClick={editor.undo}
              >
                <IconUndo size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={`${text.redo} (${shortcut(isMac ? '⇧Z' : 'Y')})`} withArrow>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={text.redo}
                disabled={!editor.canRedo}
                onClick={editor.redo}
              >
                <IconRedo size={16} />
              </ActionIcon>
            </Tooltip>
            {page !== null &&
              button(
                text.addVisual,
                <IconPlus size={16} />,
                () => setPanel({ kind: 'visual', visualId: null }),
                narrow,
              )}
            {button(text.pages, <IconPages size={16} />, () => setPanel({ kind: 'pages' }))}
            {button(text.metrics, <IconCalculator size={16} />, () => setPanel({ kind: 'metrics' }))}
            {button(text.history, <IconHistory size={16} />, () => setPanel({ kind: 'versions' }))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {!narrow && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {state}
              </Text>
            )}
            <Button
              size="sm"
              onClick={editor.save}
              disabled={!editor.dirty || !editor.ready}
              loading={status === 'saving'}
            >
              {text.save}
            </Button>
          </Group>
        </Group>
      </Paper>
      {status === 'conflict' && (
        <Alert color="orange" role="alert">
          <Text size="sm" mb="xs">
            {text.conflict}
          </Text>
          <Button size="xs" variant="light" color="orange" onClick={() => void editor.reload()}>
            {text.reload}
          </Button>
        </Alert>
      )}
      {status === 'failed' && (
        <Alert color="red" role="alert">
          {text.failed}
        </Alert>
      )}
      {panel?.kind === 'visual' && page !== null && (
        <VisualPanel
          key={panel.visualId ?? 'new'}
          editor={editor}
          page={page}
          visualId={panel.visualId}
          onClose={close}
        />
      )}
      {panel?.kind === 'pages' && (
        <PagesPanel editor={editor} currentPage={page?.name ?? ''} onPage={onPage} onClose={close} />
      )}
      {panel?.kind === 'metrics' && <MetricsPanel editor={editor} onClose={close} />}
      {panel?.kind === 'versions' && <VersionsPanel editor={editor} onClose={close} />}
    </>
  );
}
