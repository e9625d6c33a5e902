import { Button, Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChart } from '../../../shared/ui/icons';
import { reportMessages } from '../messages';

type DashboardNotReadyProps = {
  message: string;
  onRetry?: () => void;
};

/** spec 002 §8: 'Dashboard not ready' with why (no data yet, or the report failed to load). */
export function DashboardNotReady({ message, onRetry }: DashboardNotReadyProps) {
  return (
    <Center py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 36 }} maw={460} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={52} radius="xl" variant="light" color="indigo">
            <IconChart size={26} />
          </ThemeIcon>
          <Text component="h1" m={0} fz="xl" fw={700} c="dark.7">
            {reportMessages.notReady.title}
          </Text>
          <Text c="dimmed" size="sm" role="alert">
            {message}
          </Text>
          {onRetry !== undefined && (
            <Button variant="light" size="sm" mt="xs" onClick={onRetry}>
              {reportMessages.notReady.retry}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
