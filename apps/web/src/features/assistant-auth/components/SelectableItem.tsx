import { Box, Group, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconCheck } from '../../../shared/ui/icons';

type SelectableItemProps = {
  selected: boolean;
  onToggle: () => void;
  leftSection?: ReactNode;
  children: ReactNode;
};

/** One choice of a list: clicking toggles it (spec 000 §4 "click toggles selection"). */
export function SelectableItem({ selected, onToggle, leftSection, children }: SelectableItemProps) {
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-pressed={selected}
      w="100%"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid var(--mantine-color-${selected ? 'indigo-5' : 'gray-3'})`,
        background: selected ? 'var(--mantine-color-indigo-0)' : 'var(--mantine-color-white)',
        boxShadow: selected ? '0 0 0 1px var(--mantine-color-indigo-5)' : undefined,
        transition: 'background 120ms ease, border-color 120ms ease',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        {leftSection}
        <Box miw={0} style={{ flex: 1 }}>
          {children}
        </Box>
        <Box
          aria-hidden="true"
          w={22}
          h={22}
          style={{
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            borderRadius: '50%',
            border: `1.5px solid var(--mantine-color-${selected ? 'indigo-6' : 'gray-4'})`,
            background: selected ? 'var(--mantine-color-indigo-6)' : 'transparent',
            color: 'white',
          }}
        >
          {selected && <IconCheck size={14} stroke={3} />}
        </Box>
      </Group>
    </UnstyledButton>
  );
}
