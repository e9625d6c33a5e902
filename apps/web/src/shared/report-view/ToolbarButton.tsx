import { ActionIcon, Button } from '@mantine/core';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useNarrowScreen } from '../hooks/useNarrowScreen';

type ToolbarButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children' | 'color'> & {
  label: string;
  icon: ReactNode;
  /** After the label (a menu's chevron); not drawn on a phone. */
  rightSection?: ReactNode;
  variant?: 'default' | 'light';
};

/**
 * A button of the dashboard's toolbar: its icon and label, and on a phone its icon alone, named by
 * the label (no tooltip: a phone has no hover), so the whole toolbar keeps to one row there.
 */
export function ToolbarButton({
  label,
  icon,
  rightSection,
  variant = 'default',
  ...rest
}: ToolbarButtonProps) {
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <ActionIcon variant={variant} size={36} aria-label={label} {...rest}>
        {icon}
      </ActionIcon>
    );
  }
  return (
    <Button variant={variant} size="sm" leftSection={icon} rightSection={rightSection} {...rest}>
      {label}
    </Button>
  );
}
