import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CenteredPage } from '../../shared/ui/CenteredPage';

/** spec 001 §2 "404 page"; shown for unknown paths and for routes whose page is not built yet. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <CenteredPage>
      <Stack align="center" gap="lg" maw={600} ta="center">
        <Text
          component="p"
          aria-hidden="true"
          m={0}
          fw={900}
          lh={1}
          c="indigo.1"
          fz={{ base: 96, sm: 144 }}
          lts={-4}
          style={{ userSelect: 'none' }}
        >
          404
        </Text>
        <Text component="h1" m={0} fz={{ base: 'lg', sm: 'xl' }} fw={600} c="dark.6">
          We could not find the page you are looking for.
        </Text>
        <Button size="md" mt="sm" onClick={() => navigate('/')}>
          Go Home
        </Button>
      </Stack>
    </CenteredPage>
  );
}
