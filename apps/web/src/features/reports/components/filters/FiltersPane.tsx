import { ActionIcon, Group, Paper, Title } from '@mantine/core';
import { IconX } from '../../../../shared/ui/icons';
import { InlineFallback } from '../../../../shared/ui/OnDemandFallback';
import { onDemand } from '../../../../shared/ui/onDemand';
import { reportMessages } from '../../messages';

const { filters: text } = reportMessages;

/** The cards and their editors load with the pane's first opening (or a hover of Filters). */
export const FilterSections = onDemand(
  () => import('./FilterSections').then((m) => m.FilterSections),
  <InlineFallback />,
);

/**
 * The filters pane (spec 002 Filters): the report's filters and the open page's, each a card
 * with its summary and editor. A change goes into the report state, so every visual asks again.
 */
export function FiltersPane({ onClose }: { onClose: () => void }) {
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
        // It ends above the AI Builder's bubble, which never covers its Apply buttons.
        maxHeight:
          'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md) - var(--bubble-room, 0px))',
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
      <FilterSections />
    </Paper>
  );
}
