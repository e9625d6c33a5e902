import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { ReportPage, Visual } from '@maya/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import type { CSSProperties } from 'react';
import { IconCopy, IconDots, IconGrip, IconPencil, IconResize, IconTrash } from '../../../../shared/ui/icons';
import { VisualView } from '../../components/visuals/VisualGrid';
import { editorMessages } from '../messages';
import { deleteVisual, duplicateVisual } from '../model/operations';
import { dragId } from '../model/gridDrag';
import type { ReportEditor } from '../hooks/useReportEditor';
import classes from './EditableGrid.module.css';

const text = editorMessages.grid;

type EditableCellProps = {
  editor: ReportEditor;
  page: ReportPage;
  visual: Visual;
  style: CSSProperties;
  className: string;
  /** A drag of this visual is under way (the outline shows where it lands). */
  landing: boolean;
};

/** One visual in edit mode: its move handle and actions above it, its resize handle at its corner. */
export function EditableCell({ editor, page, visual, style, className, landing }: EditableCellProps) {
  const title = visual.title ?? visual.id;
  const {
    setNodeRef,
    setActivatorNodeRef: setMoveHandle,
    attributes: moveAttributes,
    listeners: moveListeners,
    transform,
    isDragging: moving,
  } = useDraggable({ id: dragId('move', visual.id) });
  const {
    setNodeRef: setResizeNode,
    setActivatorNodeRef: setResizeHandle,
    attributes: resizeAttributes,
    listeners: resizeListeners,
  } = useDraggable({ id: dragId('resize', visual.id) });
  return (
    <div
      ref={setNodeRef}
      className={`${className} ${classes.cell}${landing ? ` ${classes.dragging}` : ''}`}
      style={{ ...style, transform: moving ? CSS.Translate.toString(transform) : undefined }}
      data-visual-id={visual.id}
      data-dragging={landing || undefined}
    >
      <div className={classes.tools}>
        <ActionIcon
          ref={setMoveHandle}
          variant="default"
          size="sm"
          aria-label={text.move(title)}
          className={classes.handle}
          {...moveAttributes}
          {...moveListeners}
        >
          <IconGrip size={14} />
        </ActionIcon>
        <Menu position="bottom-end" shadow="md" width={160}>
          <Menu.Target>
            <ActionIcon variant="default" size="sm" aria-label={text.actions(title)}>
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPencil size={14} />}
              disabled={visual.kind === 'slicer'}
              onClick={() => editor.setPanel({ kind: 'visual', visualId: visual.id })}
            >
              {text.edit}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconCopy size={14} />}
              onClick={() => editor.change((doc) => duplicateVisual(doc, page.name, visual.id))}
            >
              {text.duplicate}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => editor.change((doc) => deleteVisual(doc, page.name, visual.id))}
            >
              {text.delete}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
      <VisualView visual={visual} />
      <button
        ref={setResizeHandle}
        type="button"
        aria-label={text.resize(title)}
        className={classes.resize}
        {...resizeAttributes}
        {...resizeListeners}
      >
        <IconResize size={12} />
      </button>
      <span ref={setResizeNode} hidden />
    </div>
  );
}
