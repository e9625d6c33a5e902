import { ActionIcon, Button, Group, Paper, SegmentedControl, Text, Tooltip } from '@mantine/core';
import type { ClusterCategory } from '@maya/contracts';
import { useState } from 'react';
import { IconChevronRight, IconEye, IconRefresh } from '../../../../shared/ui/icons';
import type { ColumnDraft } from '../../api/clustering';
import { clustersMessages as text } from '../../messages';
import { CoverageView } from './CoverageView';
import { DataView } from './DataView';
import { SqlView } from './SqlView';
import classes from './PreviewPanel.module.css';

type PreviewTab = 'coverage' | 'data' | 'sql';

type PreviewPanelProps = {
  organizationId: string;
  category: ClusterCategory;
  /** The column as the preview last read it. */
  snapshot: ColumnDraft;
  /** Something changed since: Refresh reads it again (spec 001 §4, only after a change). */
  stale: boolean;
  onRefresh: () => void;
};

/**
 * The collapsible preview beside the rules: what each rule set covers (rows, spend, the values no
 * rule matches), the category's rows with the column, and its SQL.
 */
export function PreviewPanel({ organizationId, category, snapshot, stale, onRefresh }: PreviewPanelProps) {
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState<PreviewTab>('coverage');
  const [value, setValue] = useState<{ value: string | null } | null>(null);
  const query = { organizationId, category, draft: snapshot };

  if (!open) {
    return (
      <Button
        variant="default"
        leftSection={<IconEye size={16} />}
        aria-expanded={false}
        className={classes.collapsed}
        onClick={() => setOpen(true)}
      >
        {text.showPreview}
      </Button>
    );
  }

  const openValue = (next: string | null) => {
    setValue({ value: next });
    setTab('data');
  };

  return (
    <Paper withBorder radius="lg" className={classes.panel} component="section" aria-label={text.preview}>
      <Group justify="space-between" wrap="nowrap" className={classes.header}>
        <Text fw={700}>{text.preview}</Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant={stale ? 'light' : 'subtle'}
            leftSection={<IconRefresh size={14} />}
            disabled={!stale}
            onClick={() => {
              setValue(null);
              onRefresh();
            }}
          >
            {text.refreshPreview}
          </Button>
          <Tooltip label={text.hidePreview}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={text.hidePreview}
              aria-expanded
              onClick={() => setOpen(false)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <div className={classes.body}>
        <SegmentedControl
          fullWidth
          size="xs"
          mb="md"
          value={tab}
          onChange={(next) => setTab(next)}
          data={[
            { value: 'coverage', label: text.coverageTab },
            { value: 'data', label: text.previewTab },
            { value: 'sql', label: text.sqlTab },
          ]}
        />
        {tab === 'coverage' && <CoverageView query={query} onOpenValue={openValue} />}
        {tab === 'data' && (
          <DataView query={query} value={value} onOpenValue={openValue} onCloseValue={() => setValue(null)} />
        )}
        {tab === 'sql' && <SqlView query={query} />}
      </div>
    </Paper>
  );
}
