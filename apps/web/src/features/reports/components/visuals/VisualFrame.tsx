import type { ReportQueryResponse } from '@maya/contracts';
import { Badge, Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useContext, type ReactNode } from 'react';
import { formatDay } from '../../../../shared/lib/dates';
import { IconAlert, IconFilter } from '../../../../shared/ui/icons';
import { TooltipOnDemand } from '../../../../shared/ui/TooltipOnDemand';
import { useDashboard } from '../../hooks/useDashboard';
import { reportMessages } from '../../messages';
import { visualErrorText } from '../../model/errors';
import { blankLabel, columnLabel, filterSummary } from '../../model/filters';
import { CurrentVisualContext } from '../../exports/currentVisual';
import { VisualExportMenu } from '../../exports/VisualExportMenu';

const { visual: text } = reportMessages;

type VisualFrameProps = {
  title: string;
  /** The semantic table the visual reads: its source warning shows in the header. */
  table: string;
  /** The answer on screen, for the footer (freshness, sampling). */
  answer: ReportQueryResponse | undefined;
  /** New filters are loading while the previous answer shows. */
  refreshing: boolean;
  /** A KPI's smaller header. */
  compact?: boolean;
  /** The footer's end instead of its notes: a table's pager (which says more rows exist). */
  footerEnd?: ReactNode;
  /** Controls at the header's end (a chart's table toggle). */
  actions?: ReactNode;
  /** A line under the body about how it is drawn (a chart of one period as columns). */
  note?: string | null;
  children: ReactNode;
};

/**
 * A visual's card: title, source warning, body, and a footer with its notes and, when it differs
 * from the page's, how fresh its data is.
 */
export function VisualFrame({
  title,
  table,
  answer,
  refreshing,
  compact = false,
  footerEnd,
  actions,
  note = null,
  children,
}: VisualFrameProps) {
  const { warnings, dataThrough, labels } = useDashboard();
  const visual = useContext(CurrentVisualContext);
  // The visual's own filters (issue 32): always in effect, so named where the visual is read.
  const own = (visual?.filters ?? []).map(
    (f) => `${labels[f.column] ?? columnLabel(f.column)}: ${filterSummary(f, blankLabel(f.column, labels))}`,
  );
  const ownFilters = own.length === 0 ? null : text.ownFilters(own);
  const tableWarnings = warnings.get(table) ?? [];
  const warning = tableWarnings.length === 0 ? null : tableWarnings.map((w) => w.message).join(' ');
  // The page says its "Data through" once; a card repeats it only when its own differs.
  const ownThrough = answer?.data_through ?? null;
  const through = ownThrough !== dataThrough ? ownThrough : null;
  const partial = answer?.partial == null ? null : text.partial[answer.partial];
  const unfiltered = answer?.unfiltered === undefined ? null : answer.unfiltered.join(', ');
  const notes = [
    ...(answer?.sampled === true ? [text.sampled] : []),
    ...(answer?.truncated === true && footerEnd === undefined ? [text.truncated] : []),
  ];
  return (
    <Paper
      withBorder
      radius="lg"
      p={compact ? 'sm' : 'md'}
      h="100%"
      shadow="xs"
      component="section"
      aria-label={title}
      style={{ display: 'flex', flexDirection: 'column', minWidth: 0, overflow: 'hidden' }}
    >
      <Group gap={6} wrap="nowrap" justify="space-between" mb={compact ? 2 : 'xs'}>
        <Text
          size={compact ? 'xs' : 'sm'}
          fw={600}
          c={compact ? 'gray.7' : 'dark.6'}
          tt={compact ? 'uppercase' : undefined}
          lts={compact ? 0.4 : undefined}
          truncate
          component="h3"
          m={0}
        >
          {title}
        </Text>
        <Group gap={4} wrap="nowrap">
          {refreshing && <Loader size={12} aria-label={text.loading} />}
          {unfiltered !== null && (
            <TooltipOnDemand label={text.notFilteredWhy(unfiltered)} multiline w={280} withArrow>
              <Badge size="xs" variant="light" color="orange" tt="none" maw={compact ? 140 : 220}>
                {text.notFilteredBy(unfiltered)}
              </Badge>
            </TooltipOnDemand>
          )}
          {ownFilters !== null && (
            <TooltipOnDemand label={ownFilters} multiline w={280} withArrow>
              <ThemeIcon variant="transparent" color="gray.7" size="sm" role="img" aria-label={ownFilters}>
                <IconFilter size={14} />
              </ThemeIcon>
            </TooltipOnDemand>
          )}
          {warning !== null && (
            <TooltipOnDemand label={warning} multiline w={280} withArrow>
              <ThemeIcon variant="transparent" color="orange" size="sm" role="img" aria-label={warning}>
                <IconAlert size={16} />
              </ThemeIcon>
            </TooltipOnDemand>
          )}
          {actions}
          {visual !== null && <VisualExportMenu visual={visual} title={title} />}
        </Group>
      </Group>
      <div
        style={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          opacity: refreshing ? 0.6 : 1,
        }}
      >
        {children}
      </div>
      {note !== null && !compact && (
        <Text size="xs" c="dimmed" mt="xs" lineClamp={2} title={note} style={{ flexShrink: 0 }}>
          {note}
        </Text>
      )}
      {partial !== null && !compact && (
        // Never squeezed by a card at its place's height: the table above gives way instead.
        <Text size="xs" c="dimmed" mt="xs" lineClamp={2} title={partial} style={{ flexShrink: 0 }}>
          {partial}
        </Text>
      )}
      {warning !== null && !compact && (
        <Text size="xs" c="orange.8" mt="xs" truncate title={warning} style={{ flexShrink: 0 }}>
          {warning}
        </Text>
      )}
      {(through !== null || notes.length > 0 || footerEnd !== undefined) && (
        <Group
          gap={8}
          mt={compact ? 2 : 'xs'}
          wrap="nowrap"
          justify="space-between"
          style={{ flexShrink: 0 }}
        >
          <Text fz={compact ? 11 : 'xs'} c="dimmed" truncate>
            {through !== null ? text.dataThrough(formatDay(through)) : ''}
          </Text>
          {notes.length > 0 && (
            <Text size="xs" c="dimmed" truncate>
              {notes.join(' · ')}
            </Text>
          )}
          {footerEnd}
        </Group>
      )}
    </Paper>
  );
}

/** The body while the first answer loads. */
export function VisualLoading() {
  return (
    <Center style={{ flex: 1 }}>
      <Loader size="sm" aria-label={text.loading} />
    </Center>
  );
}

/** 'Something went wrong: {error}' (spec 002 §8). */
export function VisualError({ error }: { error: unknown }) {
  return (
    <Center style={{ flex: 1 }} px="sm">
      <Text size="sm" c="red.7" ta="center" role="alert">
        {text.error(visualErrorText(error))}
      </Text>
    </Center>
  );
}

/** 'No data', or 'No data for this table' for tables and matrices (spec 002 §8). */
export function VisualEmpty({ table = false }: { table?: boolean }) {
  return (
    <Center style={{ flex: 1 }}>
      <Stack gap={2} align="center">
        <Text size="sm" c="dimmed">
          {table ? text.noTableData : text.noData}
        </Text>
      </Stack>
    </Center>
  );
}
