import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconArrowLeft } from '../../../shared/ui/icons';

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** A link back, shown above the title. */
  back?: { to: string; label: string };
  /** Controls on the right of the title. */
  actions?: ReactNode;
};

/** The title row of a sources screen. */
export function PageHeader({ title, description, back, actions }: PageHeaderProps) {
  return (
    <Stack gap="xs" mb="lg">
      {back !== undefined && (
        <Anchor component={Link} to={back.to} size="sm" c="dimmed" w="fit-content">
          <Group gap={6} wrap="nowrap">
            <IconArrowLeft size={16} />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="center" gap="md">
        <Title order={1} fz={28}>
          {title}
        </Title>
        {actions}
      </Group>
      {description !== undefined && (
        <Text c="dimmed" size="sm" maw={720}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
