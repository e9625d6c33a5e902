import type { ReportFilter } from '@maya/contracts';
import { ActionIcon, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconX } from '../../../../shared/ui/icons';
import { useDashboard } from '../../hooks/useDashboard';
import { reportMessages } from '../../messages';
import { activePage, withFilter } from '../../model/state';
import { FilterCard } from './FilterCard';

const { filters: text } = reportMessages;

function Section({ label, filters }: { label: string; filters: readonly ReportFilter[] }) {
  const { state, update } = useDashboard();
  if (filters.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="xs" fw={700} c="gray.6" tt="uppercase" lts={0.6}>
        {label}
      </Text>
      {filters.map((original) => (
        <FilterCard
          key={original.id}
          original={original}
          filter={state.filters.find((f) => f.id === original.id) ?? original}
          onChange={(filter) => update((s) => withFilter(s, filter))}
        />
      ))}
    </Stack>
  );
}

/**
 * The filters pane (spec 002 Filters): the report's filters and the open page's, each a card
 * with its summary and editor. A change goes into the report state, so every visual asks again.
 */
export function FiltersPane({ onClose }: { onClose: () => void }) {
  const { document, state } = useDashboard();
  const page = activePage(document, state);
  const pageFilters = page?.filters ?? [];
  const none = document.filters.length === 0 && pageFilters.length === 0;
  return (
    <Paper
      component="aside"
      aria-label={text.title}
      withBorder
      radius="lg"
      shadow="xs"
      w={300}
      style={{
        flexShrink: 0,
        position: 'sticky',
        top: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))',
        maxHeight: 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Group
        justify="space-between"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Title order={2} size="h5">
          {text.title}
        </Title>
        <ActionIcon variant="subtle" color="gray" aria-label={text.close} onClick={onClose}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <ScrollArea type="auto" style={{ flex: 1 }} px="md" py="sm">
        {none ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            {text.empty}
          </Text>
        ) : (
          <Stack gap="md" pb="xs">
            <Section label={text.onAllPages} filters={document.filters} />
            <Section label={text.onThisPage} filters={pageFilters} />
          </Stack>
        )}
      </ScrollArea>
    </Paper>
  );
}
