import type { ListFilter } from '@maya/contracts';
import {
  Anchor,
  Box,
  Center,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { IconSearch } from '../../../../shared/ui/icons';
import { useDashboard } from '../../hooks/useDashboard';
import { useFilterValues } from '../../hooks/useFilterValues';
import { reportMessages } from '../../messages';
import { blankLabel, inListOrder, valueLabel } from '../../model/filters';
import { nearEnd, toggleValue, valueKey } from '../../model/values';

const { filters: text } = reportMessages;

type ListFilterEditorProps = {
  filter: ListFilter;
  onChange: (filter: ListFilter) => void;
};

/**
 * Basic (list) filter: include or exclude the ticked values. The column's values load a page at a
 * time through the cursor as the list scrolls (spec 002 Filters); the search narrows the values
 * loaded so far, and more load on demand. A tick applies at once.
 */
export function ListFilterEditor({ filter, onChange }: ListFilterEditorProps) {
  const { datasetId, state, labels } = useDashboard();
  const blank = blankLabel(filter.column, labels);
  const values = useFilterValues({ datasetId, table: filter.table, column: filter.column, page: state.page });
  const [search, setSearch] = useState('');
  const selected = new Set(filter.values.map(valueKey));
  const loaded = inListOrder(values.data?.pages.flatMap((page) => page.data) ?? [], filter.column);
  const needle = search.trim().toLowerCase();
  const shown =
    needle === ''
      ? loaded
      : loaded.filter((v) => valueLabel(v, filter.column, blank).toLowerCase().includes(needle));
  const loadMore = () => {
    if (values.hasNextPage && !values.isFetchingNextPage) void values.fetchNextPage();
  };

  let list;
  if (values.isPending) {
    list = (
      <Center py="sm">
        <Loader size="sm" aria-label={text.loadingValues} />
      </Center>
    );
  } else if (values.isError) {
    list = (
      <Text size="xs" c="red.7" role="alert">
        {text.valuesFailed}
      </Text>
    );
  } else {
    list = (
      <Box
        mah={220}
        style={{ overflowY: 'auto' }}
        onScroll={(event) => nearEnd(event.currentTarget) && loadMore()}
        data-testid="filter-values"
      >
        <Stack gap={6} py={4}>
          {shown.map((value) => {
            const key = valueKey(value);
            return (
              <Checkbox
                key={key}
                size="xs"
                label={valueLabel(value, filter.column, blank)}
                checked={selected.has(key)}
                onChange={(event) =>
                  onChange({
                    ...filter,
                    values: toggleValue(filter.values, value, event.currentTarget.checked),
                  })
                }
              />
            );
          })}
          {shown.length === 0 && (
            <Text size="xs" c="dimmed">
              {loaded.length === 0 ? text.noValues : text.noMatches}
            </Text>
          )}
          {values.isFetchingNextPage && <Loader size={14} aria-label={text.loadingValues} />}
          {values.hasNextPage && !values.isFetchingNextPage && (
            <Anchor component="button" type="button" size="xs" onClick={loadMore} ta="left">
              {reportMessages.filters.loadMore}
            </Anchor>
          )}
        </Stack>
      </Box>
    );
  }

  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        fullWidth
        data={[
          { value: 'include', label: text.include },
          { value: 'exclude', label: text.exclude },
        ]}
        value={filter.mode}
        onChange={(mode) => onChange({ ...filter, mode: mode === 'exclude' ? 'exclude' : 'include' })}
      />
      <TextInput
        size="xs"
        placeholder={text.search}
        aria-label={text.search}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {list}
      {filter.values.length > 0 && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {text.selected(filter.values.length)}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => onChange({ ...filter, values: [] })}
          >
            {reportMessages.slicer.clear}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
