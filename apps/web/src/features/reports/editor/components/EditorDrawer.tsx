import { Drawer, type DrawerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { editorMessages } from '../messages';

type EditorDrawerProps = Pick<DrawerProps, 'size' | 'scrollAreaComponent'> & {
  title: string;
  onClose: () => void;
  children: ReactNode;
};

/** The editor's side panels: open while shown, on the right, their close button named (axe). */
export function EditorDrawer({
  title,
  onClose,
  size = 'md',
  scrollAreaComponent,
  children,
}: EditorDrawerProps) {
  return (
    <Drawer
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': editorMessages.close }}
      position="right"
      size={size}
      title={title}
      scrollAreaComponent={scrollAreaComponent}
    >
      {children}
    </Drawer>
  );
}
