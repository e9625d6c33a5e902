import type { ListFilter, ReportFilter } from '@maya/contracts';
import {
  ActionIcon,
  Collapse,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useId, useState } from 'react';
import { IconChevronDown, IconLock, IconRefresh, IconX } from '../../../../shared/ui/icons';
import { reportMessages } from '../../messages';
import { useDashboard } from '../../hooks/useDashboard';
import { blankLabel, columnLabel, filterSummary, isDateFilter } from '../../model/filters';
import { AdvancedDateEditor } from './AdvancedDateEditor';
import { AdvancedTextEditor } from './AdvancedTextEditor';
import { ListFilterEditor } from './ListFilterEditor';
import { RelativeDateEditor } from './RelativeDateEditor';

const { filters: text } = reportMessages;

type FilterCardProps = {
  /** The filter as the state has it. */
  filter: ReportFilter;
  /** The document's own filter of that id (Reset filter returns to it). */
  original: ReportFilter;
  /** Set by an embedded report's view: shown, not changed. */
  locked?: boolean;
  onChange: (filter: ReportFilter) => void;
  /** Offers to remove the filter (a visual's own, in the report editor). */
  onRemove?: () => void;
};

/** The editors a column offers: a date column relative or advanced, any other basic or advanced. */
type EditorType = 'basic' | 'relative' | 'advanced';

function editorOf(filter: ReportFilter): EditorType {
  switch (filter.kind) {
    case 'list':
      return 'basic';
    case 'relative_date':
      return 'relative';
    case 'advanced_date':
    case 'advanced_text':
      return 'advanced';
  }
}

/** A filter of the pane: its column, its summary, and the editor when opened. */
export function FilterCard({ filter, original, locked = false, onChange, onRemove }: FilterCardProps) {
  const { labels } = useDashboard();
  const [opened, setOpened] = useState(false);
  const [editor, setEditor] = useState<EditorType>(editorOf(filter));
  // A filter set from elsewhere (Reset, a bookmark) opens in its own editor.
  const [seenKind, setSeenKind] = useState(filter.kind);
  if (filter.kind !== seenKind) {
    setSeenKind(filter.kind);
    setEditor(editorOf(filter));
  }
  const panelId = useId();
  const date = isDateFilter(original);
  const base = { id: filter.id, table: filter.table, column: filter.column };
  const changed = JSON.stringify(filter) !== JSON.stringify(original);
  const title = labels[filter.column] ?? columnLabel(filter.column);
  const summary = filterSummary(filter, blankLabel(filter.column, labels));
  const emptyList: ListFilter = { ...base, kind: 'list', mode: 'include', values: [] };

  // The editors start from the filter applied; one applied from elsewhere restarts them.
  const applied = JSON.stringify(filter);
  let body;
  switch (editor) {
    case 'basic':
      body = <ListFilterEditor filter={filter.kind === 'list' ? filter : emptyList} onChange={onChange} />;
      break;
    case 'relative':
      body = (
        <RelativeDateEditor
          key={applied}
          base={base}
          current={filter.kind === 'relative_date' ? filter : null}
          onApply={onChange}
        />
      );
      break;
    case 'advanced':
      body = date ? (
        <AdvancedDateEditor
          key={applied}
          base={base}
          current={filter.kind === 'advanced_date' ? filter : null}
          onApply={onChange}
        />
      ) : (
        <AdvancedTextEditor
          key={applied}
          base={base}
          current={filter.kind === 'advanced_text' ? filter : null}
          onApply={onChange}
        />
      );
      break;
  }

  if (locked) {
    return (
      <Paper withBorder radius="md" px="sm" py={8} bg="gray.0">
        <Group gap={6} wrap="nowrap">
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600} c="dark.6" truncate>
              {title}
            </Text>
            <Text size="xs" c="dimmed" truncate title={summary}>
              {summary}
            </Text>
          </Stack>
          <Tooltip label={text.lockedByEmbed} withArrow>
            <span
              role="img"
              aria-label={`${title}: ${text.lockedByEmbed}`}
              style={{ display: 'inline-flex' }}
            >
              <IconLock size={14} color="var(--mantine-color-gray-6)" />
            </span>
          </Tooltip>
        </Group>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p={0} bg={changed ? 'indigo.0' : undefined}>
      <Group gap={4} wrap="nowrap" pr={6}>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-controls={panelId}
          px="sm"
          py={8}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap={6} wrap="nowrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} c="dark.6" truncate>
                {title}
              </Text>
              <Text size="xs" c={changed ? 'indigo.8' : 'dimmed'} truncate title={summary}>
                {summary}
              </Text>
            </Stack>
            <IconChevronDown
              size={14}
              color="var(--mantine-color-gray-6)"
              style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
            />
          </Group>
        </UnstyledButton>
        {changed && (
          <Tooltip label={text.resetFilter} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`${text.resetFilter}: ${title}`}
              onClick={() => onChange(original)}
            >
              <IconRefresh size={14} />
            </ActionIcon>
          </Tooltip>
        )}
        {onRemove !== undefined && (
          <Tooltip label={text.removeFilter} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`${text.removeFilter}: ${title}`}
              onClick={onRemove}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Collapse expanded={opened} id={panelId}>
        <Stack gap="xs" px="sm" pb="sm">
          <SegmentedControl
            size="xs"
            fullWidth
            aria-label={text.filterType}
            data={[
              date
                ? { value: 'relative', label: text.types.relative }
                : { value: 'basic', label: text.types.basic },
              { value: 'advanced', label: text.types.advanced },
            ]}
            value={editor}
            onChange={(value) => setEditor(value)}
          />
          {body}
        </Stack>
      </Collapse>
    </Paper>
  );
}
