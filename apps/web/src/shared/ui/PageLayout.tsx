import { Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A setup page's frame (expenses, competitors): a title, what the page is for, controls on the right. */
export function PageLayout({
  title,
  description,
  actions,
  children,
  maw = 1200,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  /** The content's maximum width. */
  maw?: number;
}) {
  return (
    <Box p={{ base: 'md', sm: 'xl' }} maw={maw}>
      <Group justify="space-between" align="flex-start" gap="md" mb="xs">
        <Title order={1} fz={28}>
          {title}
        </Title>
        {actions}
      </Group>
      {description !== undefined && (
        <Text c="dimmed" size="sm" maw={720} mb="lg">
          {description}
        </Text>
      )}
      {children}
    </Box>
  );
}
