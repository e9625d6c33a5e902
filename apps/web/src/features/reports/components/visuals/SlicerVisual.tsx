import type { Visual } from '@maya/contracts';
import { Anchor, Center, Chip, Group, Loader, Paper, Text } from '@mantine/core';
import { useDashboard } from '../../hooks/useDashboard';
import { useFilterValues } from '../../hooks/useFilterValues';
import { reportMessages } from '../../messages';
import { blankLabel, columnLabel, inListOrder, valueLabel } from '../../model/filters';
import { slicerFilter, slicerValues, withSlicer } from '../../model/state';
import { nearEnd, toggleValue, valueKey } from '../../model/values';

type SlicerVisualType = Extract<Visual, { kind: 'slicer' }>;

/**
 * A slicer: the dimension's values (the filter values API, a page at a time as the list
 * scrolls); the chosen ones filter the page through `state.slicers`.
 */
export function SlicerVisual({ visual }: { visual: SlicerVisualType }) {
  const { datasetId, state, update, locked, labels } = useDashboard();
  const values = useFilterValues({
    datasetId,
    table: visual.table,
    column: visual.dimension,
    page: state.page,
  });
  // An embedded view's own selection, or any in a view its viewer may not filter, stays as it is.
  const fixed = locked(visual.id);
  const selected = slicerValues(state, visual.id);
  const selectedKeys = new Set(selected.map(valueKey));
  const options = inListOrder(values.data?.pages.flatMap((page) => page.data) ?? [], visual.dimension);
  const title = visual.title ?? columnLabel(visual.dimension);
  const choose = (next: typeof selected) =>
    update((s) => withSlicer(s, visual.id, slicerFilter(visual, next)));

  let body;
  if (values.isPending) {
    body = (
      <Center style={{ flex: 1 }}>
        <Loader size="sm" aria-label={reportMessages.filters.loadingValues} />
      </Center>
    );
  } else if (values.isError) {
    body = (
      <Text size="sm" c="red.7" role="alert">
        {reportMessages.slicer.loadFailed}
      </Text>
    );
  } else if (options.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {reportMessages.filters.noValues}
      </Text>
    );
  } else {
    body = (
      <div
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        onScroll={(event) => {
          if (nearEnd(event.currentTarget) && values.hasNextPage && !values.isFetchingNextPage) {
            void values.fetchNextPage();
          }
        }}
      >
        <Group gap={6} role="group" aria-label={title}>
          {options.map((value) => {
            const key = valueKey(value);
            return (
              <Chip
                key={key}
                size="xs"
                variant="outline"
                checked={selectedKeys.has(key)}
                disabled={fixed}
                onChange={(on) => choose(toggleValue(selected, value, on))}
              >
                {valueLabel(value, visual.dimension, blankLabel(visual.dimension, labels))}
              </Chip>
            );
          })}
          {values.isFetchingNextPage && (
            <Loader size={12} aria-label={reportMessages.filters.loadingValues} />
          )}
        </Group>
      </div>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      h="100%"
      shadow="xs"
      component="section"
      aria-label={title}
      style={{ display: 'flex', flexDirection: 'column', gap: 8, overflow: 'hidden' }}
    >
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Text size="xs" fw={600} c="gray.7" tt="uppercase" lts={0.4} component="h3" m={0} truncate>
          {title}
        </Text>
        {selected.length === 0 ? (
          <Text size="xs" c="dimmed">
            {reportMessages.slicer.all}
          </Text>
        ) : (
          !fixed && (
            <Anchor component="button" type="button" size="xs" onClick={() => choose([])}>
              {reportMessages.slicer.clear}
            </Anchor>
          )
        )}
      </Group>
      {body}
    </Paper>
  );
}
