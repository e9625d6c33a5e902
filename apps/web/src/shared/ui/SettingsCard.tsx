import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SettingsCardProps = {
  title: string;
  description?: ReactNode;
  /** Shown as a count badge beside the title once known. */
  count?: number | null;
  children: ReactNode;
};

/** A titled card of a settings tab; the title names the region for assistive technology. */
export function SettingsCard({ title, description, count = null, children }: SettingsCardProps) {
  const headingId = `settings-card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} fz="lg" id={headingId}>
              {title}
            </Title>
            {count !== null && (
              <Badge variant="light" color="gray" radius="sm" aria-label={`${count}`}>
                {count}
              </Badge>
            )}
          </Group>
          {description !== undefined && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
