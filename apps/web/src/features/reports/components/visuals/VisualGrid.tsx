import { unreachable } from '@maya/contracts';
import type { ReportPage, Visual } from '@maya/contracts';
import type { CSSProperties } from 'react';
import { ChartVisual } from './ChartVisual';
import { KpiVisual } from './KpiVisual';
import { MatrixVisual } from './MatrixVisual';
import { SlicerVisual } from './SlicerVisual';
import { TableVisual } from './TableVisual';
import classes from './VisualGrid.module.css';
import { CurrentVisualContext } from '../../exports/currentVisual';

/** One visual of its kind; its card's header knows it (the export menu). */
export function VisualView({ visual }: { visual: Visual }) {
  return <CurrentVisualContext value={visual}>{visualOfKind(visual)}</CurrentVisualContext>;
}

function visualOfKind(visual: Visual) {
  switch (visual.kind) {
    case 'kpi':
      return <KpiVisual visual={visual} />;
    case 'line':
    case 'area':
    case 'bar':
    case 'column':
    case 'stacked_bar':
    case 'stacked_column':
    case 'pie':
    case 'donut':
      return <ChartVisual visual={visual} />;
    case 'table':
      return <TableVisual visual={visual} />;
    case 'matrix':
      return <MatrixVisual visual={visual} />;
    case 'slicer':
      return <SlicerVisual visual={visual} />;
    default:
      return unreachable(visual);
  }
}

/** The visuals whose card is as tall as what they show (up to their place), not as their place. */
const FITS: ReadonlySet<Visual['kind']> = new Set(['table', 'matrix', 'slicer']);

/** Reading order: top to bottom, then left to right (the order the stacked phone layout shows). */
function byPosition(a: Visual, b: Visual): number {
  return a.layout.y - b.layout.y || a.layout.x - b.layout.x;
}

/** The page's visuals on the document's 12-column grid; each visual queries on its own. */
export function VisualGrid({ page }: { page: ReportPage }) {
  const visuals = [...page.visuals].sort(byPosition);
  // The room the AI Builder's bubble needs is the dashboard's (LoadedDashboard.module.css).
  return (
    <div className={classes.grid}>
      {visuals.map((visual) => {
        const { x, y, w, h } = visual.layout;
        const style = { '--x': x + 1, '--y': y + 1, '--w': w, '--h': h } as CSSProperties;
        const kind =
          visual.kind === 'kpi' ? ` ${classes.kpi}` : FITS.has(visual.kind) ? ` ${classes.fit}` : '';
        return (
          <div key={visual.id} className={`${classes.cell}${kind}`} style={style}>
            <VisualView visual={visual} />
          </div>
        );
      })}
    </div>
  );
}
