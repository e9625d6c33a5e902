import type { Visual } from '@maya/contracts';
import { ActionIcon } from '@mantine/core';
import { IconDots } from '../../../shared/ui/icons';
import { menuOnDemand } from '../../../shared/ui/MenuOnDemand';
import { useReportSource } from '../hooks/useReportSource';
import { exportMessages as text } from './messages';
import classes from './VisualExportMenu.module.css';

const VisualMenuOnDemand = menuOnDemand(() => import('./VisualMenu').then((m) => m.VisualMenu));

/**
 * A visual's "more" menu in its header (Export as CSV). Only in the app: an embedded or rendered
 * report has no session to export with. Slicers have nothing to export.
 */
export function VisualExportMenu({ visual, title }: { visual: Visual; title: string }) {
  const source = useReportSource();
  if (source.kind !== 'app' || visual.kind === 'slicer') return null;
  return (
    <VisualMenuOnDemand
      visual={visual}
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.more}
          aria-label={text.visualMenu(title)}
        >
          <IconDots size={16} />
        </ActionIcon>
      }
    />
  );
}
