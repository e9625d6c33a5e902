import { Alert, Anchor, Center, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CenteredPage } from '../../../shared/ui/CenteredPage';
import { Logo } from '../../../shared/ui/Logo';
import { useRedirectIfSignedIn } from '../hooks/useRedirectIfSignedIn';
import { ProviderButtons } from './ProviderButtons';
import { SignInForm } from './SignInForm';

/** /sign-in (spec 000 §2 Sign-in). */
export function SignInPage() {
  const [error, setError] = useState<string | null>(null);
  const redirecting = useRedirectIfSignedIn();
  if (redirecting) return null;

  const clearError = () => setError(null);

  return (
    <CenteredPage>
      <Stack w="100%" maw={420} gap="xl">
        <Center>
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="md" p={{ base: 'lg', xs: 36 }}>
          <Stack gap={4} mb="xl" ta="center">
            <Title order={1} fz={24} c="dark.8">
              Sign in to your account
            </Title>
            <Text c="dimmed" size="sm">
              Welcome back. Choose how you want to sign in.
            </Text>
          </Stack>
          {error !== null && (
            <Alert
              color="red"
              variant="light"
              mb="lg"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={clearError}
            >
              {error}
            </Alert>
          )}
          <ProviderButtons onError={setError} onAttempt={clearError} />
          <Divider my="lg" label="or sign in with email" labelPosition="center" />
          <SignInForm onError={setError} onAttempt={clearError} />
        </Paper>
        <Text ta="center" size="sm" c="dimmed">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/sign-up" fw={600}>
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </CenteredPage>
  );
}
