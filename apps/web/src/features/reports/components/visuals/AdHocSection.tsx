import type { AdHocVisual } from '@maya/contracts';
import { Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { reportMessages } from '../../messages';
import { VisualView } from './VisualGrid';
import classes from './VisualGrid.module.css';

const { adhoc: text } = reportMessages;

/** The kinds whose card is as tall as what they show, as on the page's grid. */
const FITS: ReadonlySet<AdHocVisual['kind']> = new Set(['table', 'matrix']);

/**
 * The state's ad-hoc visual (decision 252): the AI Builder's answer when no visual of the report
 * shows what was asked, above the page's own visuals and under the page's filters, the whole
 * width of the grid at its height. Marked as not part of the report; the user may remove it.
 */
export function AdHocSection({ visual, onRemove }: { visual: AdHocVisual; onRemove: () => void }) {
  const style = { '--x': 1, '--y': 1, '--w': 12, '--h': visual.layout.h } as CSSProperties;
  const kind = visual.kind === 'kpi' ? ` ${classes.kpiWide}` : FITS.has(visual.kind) ? ` ${classes.fit}` : '';
  return (
    <Stack component="section" aria-label={text.label} gap={6} mb="md">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Badge variant="light" color="indigo" style={{ flexShrink: 0 }}>
            {text.badge}
          </Badge>
          <Text size="xs" c="dimmed" truncate title={text.note}>
            {text.note}
          </Text>
        </Group>
        <CloseButton size="sm" aria-label={text.remove} title={text.remove} onClick={onRemove} />
      </Group>
      <div className={classes.grid}>
        <div className={`${classes.cell}${kind}`} style={style}>
          <VisualView visual={visual} />
        </div>
      </div>
    </Stack>
  );
}
