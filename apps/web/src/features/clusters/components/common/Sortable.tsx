import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from './verticalAxis';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { IconGrip } from '../../../../shared/ui/icons';

type SortableListProps = {
  ids: readonly string[];
  /** Called when an item is dropped somewhere else: its index and the index it goes to. */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
};

/** A vertical list reordered by dragging a handle, with the pointer or the keyboard (space, arrows, space). */
export function SortableList({ ids, onMove, children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export type DragHandle = {
  setActivator: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

const DragHandleContext = createContext<DragHandle | null>(null);

type SortableItemProps = {
  id: string;
  disabled?: boolean;
  children: (dragging: boolean) => ReactNode;
};

/** One item of a SortableList; a DragHandleButton inside it drags it. */
export function SortableItem({ id, disabled = false, children }: SortableItemProps) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id, disabled });
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      <DragHandleContext value={{ setActivator: setActivatorNodeRef, attributes, listeners }}>
        {children(isDragging)}
      </DragHandleContext>
    </div>
  );
}

/** The grip a person drags its SortableItem by; named for the item it moves. */
export function DragHandleButton({ label }: { label: string }) {
  const handle = useContext(DragHandleContext);
  if (handle === null) return null;
  const { setActivator, attributes, listeners } = handle;
  return (
    <ActionIcon
      ref={setActivator}
      variant="subtle"
      color="gray"
      aria-label={label}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGrip size={18} />
    </ActionIcon>
  );
}
