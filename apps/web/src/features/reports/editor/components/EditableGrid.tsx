import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { ReportPage, Visual } from '@maya/contracts';
import { Text } from '@mantine/core';
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import gridClasses from '../../components/visuals/VisualGrid.module.css';
import { editorMessages } from '../messages';
import { moveVisual, type Layout } from '../model/operations';
import {
  arrowKeyCells,
  draggedLayout,
  gridStep,
  parseDragId,
  snapToCells,
  type Cells,
  type DragMode,
  type GridStep,
} from '../model/gridDrag';
import type { ReportEditor } from '../hooks/useReportEditor';
import { EditableCell } from './EditableCell';
import classes from './EditableGrid.module.css';

const text = editorMessages.grid;
const ROW_PX = 64;

/** Where a drag would land the visual it moves or resizes. */
type Landing = { visual: Visual; mode: DragMode; layout: Layout };

/** Reading order, as the page shows it (and a phone stacks it). */
const byPosition = (a: Visual, b: Visual) => a.layout.y - b.layout.y || a.layout.x - b.layout.x;
const titleOf = (v: Visual | undefined) => v?.title ?? v?.id ?? '';
const cellStyle = ({ x, y, w, h }: Layout) =>
  ({ '--x': x + 1, '--y': y + 1, '--w': w, '--h': h }) as CSSProperties;

/**
 * The page's visuals on its 12-column grid in edit mode (issue 32): each moved by its handle and
 * resized from its corner with the pointer, or with the keyboard (space, arrow keys a cell at a
 * time, space), landing on whole cells; what it lands on moves down (operations.placeVisual).
 * While a drag lasts, an outline shows where it will land.
 */
export function EditableGrid({ editor, page }: { editor: ReportEditor; page: ReportPage }) {
  const grid = useRef<HTMLDivElement>(null);
  const step = useRef<GridStep>({ column: 1, row: 1 });
  const [landing, setLanding] = useState<{ id: string; layout: Layout } | null>(null);
  const last = useRef<Landing | null>(null);
  // A keyboard drag's arrow keys, added up: a cell each, whatever the page scrolled meanwhile
  // (the sensor's delta counts the scroll too, and a page scrolled by the drag moved a row more).
  const keyed = useRef<Cells>({ x: 0, y: 0 });

  const measure = () => {
    const element = grid.current;
    if (element === null) return;
    const style = getComputedStyle(element);
    const gap = parseFloat(style.columnGap) || 16;
    const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    step.current = gridStep(width, gap, ROW_PX);
  };
  // The keyboard moves a cell at a time: one column or one row of the grid.
  const coordinates = useMemo<KeyboardCoordinateGetter>(
    () =>
      (event, { currentCoordinates }) => {
        const cells = arrowKeyCells(event.code);
        if (cells === null) return undefined;
        keyed.current = { x: keyed.current.x + cells.x, y: keyed.current.y + cells.y };
        const { column, row } = step.current;
        return { x: currentCoordinates.x + cells.x * column, y: currentCoordinates.y + cells.y * row };
      },
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: coordinates }),
  );

  /** Where the drag of `id` lands: by the arrow keys counted, or by the pointer's delta snapped. */
  const target = (id: string | number, delta: { x: number; y: number }, keyboard = false): Landing | null => {
    const cells = keyboard ? keyed.current : snapToCells(delta, step.current);
    const parsed = parseDragId(String(id));
    const visual = page.visuals.find((v) => v.id === parsed?.visualId);
    if (parsed === null || visual === undefined) return null;
    return {
      visual,
      mode: parsed.mode,
      layout: draggedLayout(visual.layout, parsed.mode, cells),
    };
  };
  // dnd-kit may report a last move after the drop (its moves are sent from an effect): one that
  // comes when no drag is under way must not draw the outline again, or it stays on screen.
  const dragging = useRef(false);
  const onDragMove = ({ active, delta, activatorEvent }: DragMoveEvent) => {
    if (!dragging.current) return;
    const found = target(active.id, delta, activatorEvent instanceof KeyboardEvent);
    last.current = found;
    setLanding(found === null ? null : { id: found.visual.id, layout: found.layout });
  };
  const onDragEnd = ({ active, delta, activatorEvent }: DragEndEvent) => {
    dragging.current = false;
    setLanding(null);
    const found = target(active.id, delta, activatorEvent instanceof KeyboardEvent);
    if (found === null) return;
    editor.change((doc) => moveVisual(doc, page.name, found.visual.id, found.layout));
  };

  // What a screen reader hears while a visual is picked up, moved and dropped: where it lands.
  const said = () => {
    const found = last.current;
    if (found === null) return undefined;
    const { x, y, w, h } = found.layout;
    const title = titleOf(found.visual);
    return found.mode === 'move' ? text.moved(title, x, y) : text.resized(title, w, h);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      last.current = target(active.id, { x: 0, y: 0 });
      return said();
    },
    onDragMove: said,
    onDragOver: () => undefined,
    onDragEnd: said,
    onDragCancel: ({ active }) => {
      last.current = target(active.id, { x: 0, y: 0 });
      return said();
    },
  };

  if (page.visuals.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" className={classes.empty}>
        {editorMessages.emptyPage}
      </Text>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      onDragStart={() => {
        dragging.current = true;
        keyed.current = { x: 0, y: 0 };
        measure();
      }}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        dragging.current = false;
        setLanding(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: text.keyboardHint } }}
    >
      <div ref={grid} className={`${gridClasses.grid} ${classes.editing}`} data-editor-grid>
        {[...page.visuals].sort(byPosition).map((visual) => (
          <EditableCell
            key={visual.id}
            editor={editor}
            page={page}
            visual={visual}
            style={cellStyle(visual.layout)}
            className={gridClasses.cell ?? ''}
            landing={landing?.id === visual.id}
          />
        ))}
        {landing !== null && (
          <div
            aria-hidden
            className={`${gridClasses.cell} ${classes.landing}`}
            style={cellStyle(landing.layout)}
          />
        )}
      </div>
    </DndContext>
  );
}
