import { Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CenteredPage } from '../../../shared/ui/CenteredPage';
import { IconAlert } from '../../../shared/ui/icons';
import { Logo } from '../../../shared/ui/Logo';
import { MicrosoftIcon } from '../../../shared/ui/brandIcons';
import { subscriptionMessages } from '../messages';

/** The marketplace screens' frame: the logo over a centred card, as the entry screens. */
function MonaFrame({ children }: { children: ReactNode }) {
  return (
    <CenteredPage>
      <Stack w="100%" maw={440} gap="xl">
        <Center>
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="md" p={{ base: 'lg', xs: 36 }}>
          <Stack align="center" gap="md" ta="center">
            {children}
          </Stack>
        </Paper>
        <Text ta="center" size="xs" c="dimmed">
          Microsoft commercial marketplace
        </Text>
      </Stack>
    </CenteredPage>
  );
}

/** While the browser is on its way to Microsoft, or back from it. */
export function MonaProgress({ title, hint }: { title: string; hint?: string }) {
  return (
    <MonaFrame>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
        <MicrosoftIcon size={26} />
      </ThemeIcon>
      <Text component="h1" m={0} fz={{ base: 'lg', sm: 'xl' }} fw={700} c="dark.7">
        {title}
      </Text>
      {hint !== undefined && (
        <Text c="dimmed" size="sm" maw={340}>
          {hint}
        </Text>
      )}
      <Loader size="sm" mt="xs" aria-label={title} />
    </MonaFrame>
  );
}

type MonaFailureProps = { title: string; message: string; onRetry?: () => void };

/** A failed marketplace step: the spec's message and a way back to sign-in. */
export function MonaFailure({ title, message, onRetry }: MonaFailureProps) {
  return (
    <MonaFrame>
      <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden="true">
        <IconAlert size={28} />
      </ThemeIcon>
      <Text component="h1" m={0} fz={{ base: 'lg', sm: 'xl' }} fw={700} c="dark.7">
        {title}
      </Text>
      <Text role="alert" c="dimmed" size="sm" maw={340}>
        {message}
      </Text>
      <Group justify="center" gap="sm" mt="xs">
        {onRetry !== undefined && (
          <Button variant="default" onClick={onRetry}>
            {subscriptionMessages.tryAgain}
          </Button>
        )}
        <Button component={Link} to="/sign-in" replace>
          {subscriptionMessages.backToSignIn}
        </Button>
      </Group>
    </MonaFrame>
  );
}
