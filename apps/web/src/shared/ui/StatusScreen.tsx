import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredPage } from './CenteredPage';
import { IconAlert, type IconComponent } from './icons';
import { keepEmailsWhole } from './EmailAddress';

export type StatusTone = 'error' | 'info' | 'success';

type StatusScreenProps = {
  tone?: StatusTone;
  title: string;
  message?: ReactNode;
  icon?: IconComponent;
  /** Buttons under the message. */
  actions?: ReactNode;
};

const TONE_COLOR: Record<StatusTone, string> = { error: 'red', info: 'indigo', success: 'teal' };

/** A full-page card that explains a state: a failed load, an invalid link, an empty list. */
export function StatusScreen({
  tone = 'error',
  title,
  message,
  icon: Icon = IconAlert,
  actions,
}: StatusScreenProps) {
  return (
    <CenteredPage>
      <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 36 }} w="100%" maw={480}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={TONE_COLOR[tone]}>
            <Icon size={28} />
          </ThemeIcon>
          <Text component="h1" m={0} fz={{ base: 'lg', sm: 'xl' }} fw={700} c="dark.7">
            {title}
          </Text>
          {message !== undefined && (
            <Text c="dimmed" size="sm" maw={380}>
              {keepEmailsWhole(message)}
            </Text>
          )}
          {actions !== undefined && (
            <Group justify="center" gap="sm" mt="xs">
              {actions}
            </Group>
          )}
        </Stack>
      </Paper>
    </CenteredPage>
  );
}
