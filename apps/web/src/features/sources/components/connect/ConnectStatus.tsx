import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconAlert } from '../../../../shared/ui/icons';

type ConnectStatusProps =
  | { kind: 'progress'; label: string }
  | { kind: 'failure'; message: string; back: { to: string; label: string }; children?: ReactNode };

/** The in-between screens of a connection: a spinner, or what failed with a way back. */
export function ConnectStatus(props: ConnectStatusProps) {
  return (
    <Center mih="calc(100dvh - 160px)" px="md">
      {props.kind === 'progress' ? (
        <Stack align="center" gap="md">
          <Loader aria-label={props.label} />
          <Text c="dimmed" size="sm">
            {props.label}
          </Text>
        </Stack>
      ) : (
        <Paper withBorder shadow="sm" p="xl" maw={460} w="100%">
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light" color="red">
              <IconAlert size={26} />
            </ThemeIcon>
            <Text component="h1" m={0} fw={700} fz="lg" role="alert">
              {props.message}
            </Text>
            {props.children}
            <Button component={Link} to={props.back.to} variant="light">
              {props.back.label}
            </Button>
          </Stack>
        </Paper>
      )}
    </Center>
  );
}
