import { reportLimits, type ReportFieldTable, type ReportFilter } from '@maya/contracts';
import { Select, Stack, Text } from '@mantine/core';
import { FilterCard } from '../../components/filters/FilterCard';
import { editorMessages } from '../messages';
import { newVisualFilter } from '../model/visualForm';

const text = editorMessages.visual;

type VisualFiltersProps = {
  table: ReportFieldTable | undefined;
  filters: readonly ReportFilter[];
  onChange: (filters: ReportFilter[]) => void;
};

/**
 * A visual's own filters in the add/edit visual drawer (issue 32): a card per filter, edited as in
 * the filters pane, and a column of the visual's table to add one by. A new filter filters nothing
 * until it is set (no value ticked; a date, the last 30 days).
 */
export function VisualFilters({ table, filters, onChange }: VisualFiltersProps) {
  const columns = (table?.dimensions ?? []).map((d) => ({ value: d.name, label: d.label }));
  const replace = (id: string, filter: ReportFilter) =>
    onChange(filters.map((f) => (f.id === id ? filter : f)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {text.filters}
      </Text>
      <Text size="xs" c="dimmed">
        {text.filtersHelp}
      </Text>
      {filters.map((filter) => (
        <FilterCard
          key={filter.id}
          filter={filter}
          original={filter}
          onChange={(changed) => replace(filter.id, changed)}
          onRemove={() => onChange(filters.filter((f) => f.id !== filter.id))}
        />
      ))}
      {table !== undefined && filters.length < reportLimits.maxVisualFilters && (
        <Select
          aria-label={text.addFilter}
          placeholder={text.addFilter}
          data={columns}
          value={null}
          searchable
          onChange={(column) => {
            if (column !== null) onChange([...filters, newVisualFilter(table, column, filters)]);
          }}
        />
      )}
    </Stack>
  );
}
