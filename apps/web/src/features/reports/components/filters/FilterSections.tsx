import type { ReportFilter } from '@maya/contracts';
import { ScrollArea, Stack, Text } from '@mantine/core';
import { useDashboard } from '../../hooks/useDashboard';
import { reportMessages } from '../../messages';
import { activePage, withFilter } from '../../model/state';
import { FilterCard } from './FilterCard';

const { filters: text } = reportMessages;

function Section({ label, filters }: { label: string; filters: readonly ReportFilter[] }) {
  const { state, update, locked } = useDashboard();
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
          locked={locked(original.id)}
          onChange={(filter) => update((s) => withFilter(s, filter))}
        />
      ))}
    </Stack>
  );
}

/**
 * The filters pane's scrolling body: the report's filters and the open page's, each a card with
 * its summary and editor. The editors' code (inputs, selects, date pickers) is a chunk of its own.
 */
export function FilterSections() {
  const { document, state } = useDashboard();
  const pageFilters = activePage(document, state)?.filters ?? [];
  return (
    <ScrollArea type="auto" style={{ flex: 1 }} px="md" py="sm">
      {document.filters.length === 0 && pageFilters.length === 0 ? (
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
  );
}
