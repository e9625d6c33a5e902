import { Box, Center } from '@mantine/core';
import type { ReactNode } from 'react';

/** A full-height, softly tinted page that centres its content: entry screens, 404, errors. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py={48}
      style={{
        background:
          'radial-gradient(1200px 600px at 50% -10%, var(--mantine-color-indigo-0), transparent 70%), var(--mantine-color-gray-0)',
      }}
    >
      <Center mih="calc(100dvh - 96px)">{children}</Center>
    </Box>
  );
}
