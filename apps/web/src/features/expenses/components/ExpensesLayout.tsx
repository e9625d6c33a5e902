import { Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The expenses pages' frame: a title, what the page is for, controls on the right. */
export function ExpensesLayout({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box p={{ base: 'md', sm: 'xl' }} maw={1200}>
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
