import { Drawer, type DrawerProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { editorMessages } from '../messages';

type EditorDrawerProps = Pick<DrawerProps, 'size'> & {
  title: string;
  onClose: () => void;
  children: ReactNode;
};

/** Narrower than this, a panel takes the whole width (Mantine's `sm`, 48em). */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * The editor's side panels: open while shown, on the right, their close button named (axe); on a
 * phone the whole width, which a fixed panel size would overflow.
 */
export function EditorDrawer({ title, onClose, size = 'md', children }: EditorDrawerProps) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  return (
    <Drawer
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': editorMessages.close }}
      position="right"
      size={phone ? '100%' : size}
      title={title}
    >
      {children}
    </Drawer>
  );
}
